import type { Config } from "../config";
import type { Logger } from "../logger";
import type { Strategist } from "./types";
import { createLocalStrategist } from "./local";
import { createOpenAiStrategist } from "./openai";

/** OpenAI (or a compatible server) when OPENAI_API_KEY is set; otherwise the embedded local strategist. */
export function createStrategist(deps: { config: Pick<Config, "strategist">; logger: Logger }): Strategist {
  const { strategist } = deps.config;
  if (strategist.provider === "openai" && strategist.openaiApiKey) {
    return createOpenAiStrategist({
      apiKey: strategist.openaiApiKey,
      baseUrl: strategist.openaiBaseUrl,
      model: strategist.openaiModel,
      logger: deps.logger,
    });
  }
  return createLocalStrategist();
}
