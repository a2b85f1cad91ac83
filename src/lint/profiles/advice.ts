/**
 * The spelling every model profile accepts for a rule a root combinator or a conditional keyword
 * states. Why one phrase: Claude's API refuses a root oneOf/allOf/anyOf, openai-strict refuses
 * oneOf, allOf, not and if/then/else anywhere, and Gemini's parameters has none of them; only a
 * flat object and a check in the handler passes all three (zereight/gitlab-mcp #551 flattened
 * its z.union so).
 */
export const FLATTEN =
  'flatten the alternatives into one object whose fields may be left out (with openai-strict declared: listed in required and nullable), say the rule in the description ("give id or full_path") and check it in the handler. That passes Claude, OpenAI and Gemini alike; a root if/then/else or not passes Claude, but openai-strict refuses it and Gemini\'s parameters has no such field'
