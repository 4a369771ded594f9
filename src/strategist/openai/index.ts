import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { Logger } from "../../logger";
import { assertPlannable } from "../input";
import { type LintFinding, lintPlan } from "../lint";
import { checkPlan, type Plan, planJsonSchema } from "../plan";
import { type Strategist, StrategistError } from "../types";
import { validTimezone } from "../schedule-week";
import { correctionPrompt, lintCorrectionPrompt, SYSTEM_PROMPT, userPrompt } from "./prompt";
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
 * is sent back once, naming them. The corrected answer is kept if it has fewer findings; lint
 * findings alone never fail a generation (the user still gets a usable plan).
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
};

/** The first answer plus one corrected answer. */
const ANSWERS = 2;

export function createOpenAiStrategist(options: OpenAiStrategistOptions): Strategist {
  const timeoutMs = options.timeoutMs ?? 45_000;
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, timeout: timeoutMs, maxRetries: options.maxRetries ?? 2 });

  async function ask(messages: ChatCompletionMessageParam[]) {
    try {
      const completion = await client.chat.completions.create({
        model: options.model,
        messages,
        response_format: { type: "json_schema", json_schema: { name: "linkedin_week_plan", strict: true, schema: planJsonSchema } },
      });
      return completion.choices[0];
    } catch (error) {
      throw describeFailure(error, timeoutMs);
    }
  }

  /** The first answer that meets the contract (a broken one is sent back once, naming what broke), with its raw text for the conversation. */
  async function answerWithinContract(messages: ChatCompletionMessageParam[]): Promise<{ plan: Plan; content: string }> {
    let problems: string[] = [];
    for (let answer = 1; answer <= ANSWERS; answer++) {
      const choice = await ask(messages);
      if (choice?.message.refusal) throw new StrategistError(`The AI strategist declined to write this plan: ${choice.message.refusal}`, false);
      const read = readPlan(choice?.message.content, choice?.finish_reason);
      if (read.ok) return { plan: read.plan, content: choice!.message.content! };
      problems = read.problems;
      options.logger.warn("strategist answer broke the plan contract", { model: options.model, answer, problems });
      messages.push({ role: "assistant", content: choice?.message.content ?? "" }, { role: "user", content: correctionPrompt(problems) });
    }
    throw new StrategistError(`The AI strategist returned an unusable plan twice: ${problems.slice(0, 3).join("; ")}`);
  }

  /**
   * The answer to the lint correction, or undefined when there is none to use (a failed
   * request, a refusal, a broken contract): the first plan is usable, so nothing here fails.
   */
  async function correctedAnswer(messages: ChatCompletionMessageParam[], sourceText: string): Promise<{ plan: Plan; findings: LintFinding[] } | undefined> {
    try {
      const choice = await ask(messages);
      const read = choice?.message.refusal ? { ok: false as const, problems: [`a refusal: ${choice.message.refusal}`] } : readPlan(choice?.message.content, choice?.finish_reason);
      if (read.ok) return { plan: read.plan, findings: lintPlan(read.plan, { sourceText }) };
      options.logger.warn("strategist correction broke the plan contract; keeping the first plan", { model: options.model, problems: read.problems });
    } catch (error) {
      options.logger.warn("strategist correction failed; keeping the first plan", { model: options.model, error });
    }
    return undefined;
  }

  return {
    name: "openai",
    async createPlan(input) {
      assertPlannable(input.contentText);
      const messages: ChatCompletionMessageParam[] = [
        { role: "system", content: SYSTEM_PROMPT },
        { role: "user", content: userPrompt(input, validTimezone(input.timezone)) },
      ];
      const first = await answerWithinContract(messages);
      const findings = lintPlan(first.plan, { sourceText: input.contentText });
      if (findings.length === 0) return first.plan;
      options.logger.warn("strategist plan has lint findings; asking once for a corrected plan", { model: options.model, findings: findings.length, detectors: findingKinds(findings) });
      messages.push({ role: "assistant", content: first.content }, { role: "user", content: lintCorrectionPrompt(findings) });
      const second = await correctedAnswer(messages, input.contentText);
      // The corrected answer can fix some findings and add others: keep the plan with fewer.
      const kept = second && second.findings.length <= findings.length ? second : { plan: first.plan, findings };
      if (kept.findings.length > 0) {
        options.logger.warn("strategist plan kept with lint findings", { model: options.model, findings: kept.findings.length, detectors: findingKinds(kept.findings) });
      }
      return kept.plan;
    },
    rewritePost: (input) => rewriteWithOpenAi(input, { client, model: options.model, logger: options.logger, describeFailure: (error) => describeFailure(error, timeoutMs) }),
    makeCarousel: (input) => carouselWithOpenAi(input, { client, model: options.model, logger: options.logger, describeFailure: (error) => describeFailure(error, timeoutMs) }),
  };
}

function readPlan(content: string | null | undefined, finishReason: string | undefined): { ok: true; plan: Plan } | { ok: false; problems: string[] } {
  if (finishReason === "length") return { ok: false, problems: ["the answer was cut off before it ended; keep every post shorter"] };
  if (!content) return { ok: false, problems: ["the answer was empty"] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { ok: false, problems: ["the answer is not valid JSON"] };
  }
  return checkPlan(parsed);
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
