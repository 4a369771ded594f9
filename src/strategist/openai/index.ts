import type { CompletionUsage } from "./usage";
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { Logger } from "../../logger";
import { assertPlannable } from "../input";
import { type LintFinding, lintPlan } from "../lint";
import type { Plan, PlanCheck } from "../plan";
import { type PlanStage, type Strategist, StrategistError } from "../types";
import { validTimezone } from "../schedule-week";
import { weekPlanJsonSchema, planFromAnswer } from "./answer-schema";
import { correctionPrompt, SYSTEM_PROMPT, userPrompt } from "./prompt";
import { applyRepair, repairJsonSchema, repairMessages } from "./repair";
import { rewriteWithOpenAi } from "./rewrite";
import { carouselWithOpenAi } from "./carousel";

/**
 * The strategist on OpenAI's chat completions (or any compatible server: OPENAI_BASE_URL,
 * e.g. a local Ollama), with structured output: response_format json_schema built from the
 * plan contract. The SDK retries 429s and 5xx with backoff and times out slow answers; an
 * answer that breaks the contract is sent back once with what is wrong, and a second bad
 * answer fails with a message saying so. Every failure is a StrategistError a person can read.
 *
 * A plan that meets the contract then goes through the plan lint (lint.ts); one with findings
 * gets one repair request carrying only the flagged posts (repair.ts). The repaired plan is kept
 * if it has fewer findings; lint findings alone never fail a generation (the user still gets a
 * usable plan).
 */

export type OpenAiStrategistOptions = {
  apiKey: string;
  /** e.g. http://127.0.0.1:11434/v1; unset: OpenAI's own. */
  baseUrl?: string;
  model: string;
  logger: Logger;
  /** Per request. A week of posts takes gpt-4o-mini 10-30 s. */
  timeoutMs?: number;
  /** The SDK's retries of 408, 409, 429, 5xx and timeouts, with exponential backoff (it honours Retry-After). */
  maxRetries?: number;
  /** Told of every completion's token usage (the benchmark's tokens and cost). */
  onUsage?: (usage: CompletionUsage) => void;
};

export type { CompletionUsage } from "./usage";

/** The first answer plus one corrected answer. */
const ANSWERS = 2;
/** Varied enough to write like a person, steady enough to follow the schema and the rules. */
export const TEMPERATURE = 0.7;
export const DEFAULT_TIMEOUT_MS = 45_000;
export const DEFAULT_MAX_RETRIES = 2;

/** The SDK's longest wait between two tries of a request (openai-node: retries back off up to 8 s). */
const SDK_MAX_BACKOFF_MS = 8_000;
/** At most three completions make a plan: the first answer, one contract correction, one repair. */
const COMPLETIONS_PER_PLAN = 3;

/** The longest one plan can take when every request times out and is retried, from the SDK's own settings. */
export function planTimeLimitMs(timeoutMs: number, maxRetries: number): number {
  return COMPLETIONS_PER_PLAN * ((maxRetries + 1) * timeoutMs + maxRetries * SDK_MAX_BACKOFF_MS);
}

export function createOpenAiStrategist(options: OpenAiStrategistOptions): Strategist {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, timeout: timeoutMs, maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES });

  async function ask(messages: ChatCompletionMessageParam[], purpose: CompletionUsage["purpose"], format: { name: string; schema: Record<string, unknown> }) {
    try {
      const completion = await client.chat.completions.create({
        model: options.model,
        messages,
        temperature: TEMPERATURE,
        response_format: { type: "json_schema", json_schema: { name: format.name, strict: true, schema: format.schema } },
      });
      if (completion.usage) options.onUsage?.({ purpose, promptTokens: completion.usage.prompt_tokens, completionTokens: completion.usage.completion_tokens });
      return completion.choices[0];
    } catch (error) {
      throw describeFailure(error, timeoutMs);
    }
  }

  const PLAN_FORMAT = { name: "linkedin_week_plan", schema: weekPlanJsonSchema };
  const REPAIR_FORMAT = { name: "linkedin_post_repair", schema: repairJsonSchema };

  /** The first answer that meets the contract (a broken one is sent back once, naming what broke). */
  async function answerWithinContract(messages: ChatCompletionMessageParam[], onProgress: ((stage: PlanStage) => void) | undefined): Promise<Plan> {
    let problems: string[] = [];
    for (let answer = 1; answer <= ANSWERS; answer++) {
      const choice = await ask(messages, answer === 1 ? "plan" : "correction", PLAN_FORMAT);
      if (choice?.message.refusal) throw new StrategistError(`The AI strategist declined to write this plan: ${choice.message.refusal}`, false);
      const read = readAnswer(choice?.message.content, choice?.finish_reason, planFromAnswer);
      if (read.ok) return read.plan;
      problems = read.problems;
      options.logger.warn("strategist answer broke the plan contract", { model: options.model, answer, problems });
      onProgress?.("writing");
      messages.push({ role: "assistant", content: choice?.message.content ?? "" }, { role: "user", content: correctionPrompt(problems) });
    }
    throw new StrategistError(`The AI strategist returned an unusable plan twice: ${problems.slice(0, 3).join("; ")}`);
  }

  /**
   * The plan with its flagged posts repaired, or undefined when there is nothing to use (a
   * failed request, a refusal, a broken contract): the first plan is usable, so nothing here fails.
   */
  async function repaired(plan: Plan, findings: LintFinding[], sourceText: string): Promise<{ plan: Plan; findings: LintFinding[] } | undefined> {
    try {
      const choice = await ask(repairMessages(plan, findings, sourceText), "repair", REPAIR_FORMAT);
      const read = choice?.message.refusal
        ? { ok: false as const, problems: [`a refusal: ${choice.message.refusal}`] }
        : readAnswer(choice?.message.content, choice?.finish_reason, (parsed) => applyRepair(plan, parsed, findings));
      if (read.ok) return { plan: read.plan, findings: lintPlan(read.plan, { sourceText }) };
      options.logger.warn("strategist repair broke the plan contract; keeping the first plan", { model: options.model, problems: read.problems });
    } catch (error) {
      options.logger.warn("strategist repair failed; keeping the first plan", { model: options.model, error });
    }
    return undefined;
  }

  return {
    name: "openai",
    planTimeLimitMs: planTimeLimitMs(timeoutMs, options.maxRetries ?? DEFAULT_MAX_RETRIES),
    async createPlan(input, progress) {
      assertPlannable(input.contentText);
      progress?.onProgress?.("reading");
      const messages: ChatCompletionMessageParam[] = [
        { role: "system", content: SYSTEM_PROMPT },
        { role: "user", content: userPrompt(input, validTimezone(input.timezone)) },
      ];
      progress?.onProgress?.("writing");
      const first = await answerWithinContract(messages, progress?.onProgress);
      progress?.onProgress?.("checking");
      const findings = lintPlan(first, { sourceText: input.contentText });
      if (findings.length === 0) return first;
      options.logger.warn("strategist plan has lint findings; asking once to repair the flagged posts", {
        model: options.model,
        findings: findings.length,
        detectors: findingKinds(findings),
      });
      const second = await repaired(first, findings, input.contentText);
      // A repair can fix some findings and add others: keep the plan with fewer.
      const kept = second && second.findings.length <= findings.length ? second : { plan: first, findings };
      if (kept.findings.length > 0) {
        options.logger.warn("strategist plan kept with lint findings", {
          model: options.model,
          findings: kept.findings.length,
          detectors: findingKinds(kept.findings),
        });
      }
      return kept.plan;
    },
    rewritePost: (input) =>
      rewriteWithOpenAi(input, {
        client,
        model: options.model,
        logger: options.logger,
        temperature: TEMPERATURE,
        onUsage: options.onUsage,
        describeFailure: (error) => describeFailure(error, timeoutMs),
      }),
    makeCarousel: (input) =>
      carouselWithOpenAi(input, { client, model: options.model, logger: options.logger, describeFailure: (error) => describeFailure(error, timeoutMs) }),
  };
}

function readAnswer(content: string | null | undefined, finishReason: string | undefined, read: (parsed: unknown) => PlanCheck): PlanCheck {
  if (finishReason === "length") return { ok: false, problems: ["the answer was cut off before it ended; keep every post shorter"] };
  if (!content) return { ok: false, problems: ["the answer was empty"] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { ok: false, problems: ["the answer is not valid JSON"] };
  }
  return read(parsed);
}

/** The SDK's errors, as messages a person (and the job's retry logic) can act on. */
function describeFailure(error: unknown, timeoutMs: number): StrategistError {
  if (error instanceof APIConnectionTimeoutError) {
    return new StrategistError(`The AI strategist did not answer within ${Math.round(timeoutMs / 100) / 10} s`);
  }
  if (error instanceof APIConnectionError) return new StrategistError(`Could not reach the AI strategist: ${error.message}`);
  if (error instanceof APIError) {
    const status = error.status;
    if (status === 429) return new StrategistError("The AI strategist is rate limited (429); try again in a minute");
    if (status !== undefined && status >= 500) return new StrategistError(`The AI strategist had an error (${status})`);
    // 400, 401, 403, 404: a bad key, an unknown model, a refused request. Trying again will not help.
    return new StrategistError(`The AI strategist refused the request (${status ?? "no status"}): ${error.message}`, false);
  }
  return new StrategistError(`The AI strategist failed: ${error instanceof Error ? error.message : String(error)}`);
}

/** Which checks a plan failed, for the log: the findings' own messages quote the posts, which logs never carry. */
function findingKinds(findings: LintFinding[]): string[] {
  return findings.map((finding) => (finding.post ? `post ${finding.post}: ${finding.detector}` : finding.detector));
}
