# Cadence as one self-contained executable in a small image.
# Build:  docker build -t cadence .
# Run:    docker run -p 3000:3000 -v cadence-data:/data cadence
#         (add -e DATABASE_URL=postgres://... to use a PostgreSQL server instead of embedded PGlite)

FROM oven/bun:1.4.5 AS build
WORKDIR /app
COPY package.json bun.lock bunfig.toml ./
RUN bun install --frozen-lockfile
COPY . .
# Builds CSS, islands and the PGlite snapshot, then `bun build --compile` with every asset, migration, PGlite's wasm and the snapshot embedded.
RUN bun run build:binary

FROM debian:bookworm-slim AS runtime
RUN useradd --system --uid 10001 --home-dir /data cadence \
  && mkdir -p /data && chown cadence /data
COPY --from=build /app/dist/cadence /usr/local/bin/cadence
USER cadence
WORKDIR /data
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
VOLUME ["/data"]
EXPOSE 3000
# /api/health answers 200 only with the database reachable.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 CMD ["/usr/local/bin/cadence", "healthcheck"]
CMD ["/usr/local/bin/cadence"]
