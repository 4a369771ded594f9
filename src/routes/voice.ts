import { Elysia } from "elysia";
import { json } from "../plugins/errors";
import type { sessionPlugin } from "../plugins/session";
import type { VoiceService } from "../services/voice";

type Deps = { session: ReturnType<typeof sessionPlugin>; voice: VoiceService };

/** GET and PUT /api/user/voice: the user's past posts that give the strategist their voice. */
export function voiceRoutes({ session, voice }: Deps) {
  return new Elysia({ name: "routes/voice" })
    .use(session)
    .get("/api/user/voice", async ({ requireUser }) => json(200, await voice.getVoice((await requireUser()).id)))
    .put("/api/user/voice", async ({ body, requireUser }) => json(200, await voice.updateVoice((await requireUser()).id, body)));
}
