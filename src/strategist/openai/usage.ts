/** Tokens one request to the model used, for what (onUsage: the bench prices them, the Ollama test counts them). */
export type CompletionUsage = { purpose: "plan" | "correction" | "repair" | "rewrite"; promptTokens: number; completionTokens: number };
