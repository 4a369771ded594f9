import { Elysia } from "elysia";
import { json } from "../plugins/errors";
import type { sessionPlugin } from "../plugins/session";
import { type VoiceService, voiceSchema } from "../services/voice";
import { parseInput } from "../http-error";
import { documented } from "./api-operation";
import { voiceResponse } from "./api-responses";

type Deps = { session: ReturnType<typeof sessionPlugin>; voice: VoiceService };

/** GET and PUT /api/user/voice: the user's past posts that give the strategist their voice. */
export function voiceRoutes({ session, voice }: Deps) {
  return new Elysia({ name: "routes/voice" })
    .use(session)
    .get(
      "/api/user/voice",
      async ({ requireUser }) => json(200, await voice.getVoice((await requireUser()).id)),
      documented({
        operationId: "getVoice",
        summary: "Your voice: the past LinkedIn posts the strategist writes like",
        access: "session",
        ok: { 200: voiceResponse },
      }),
    )
    .put(
      "/api/user/voice",
      async ({ body, requireUser }) => {
        const user = await requireUser();
        return json(200, await voice.updateVoice(user.id, parseInput(voiceSchema, body)));
      },
      documented({
        operationId: "updateVoice",
        summary: "Replace your voice's past posts (up to 10)",
        access: "session",
        body: voiceSchema,
        ok: { 200: voiceResponse },
        errors: [400],
      }),
    );
}
