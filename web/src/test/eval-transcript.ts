// A result as the eval executor stores it: load_skill, then a tool that is not offered, then the reply.
export const transcript = [
  { role: "system", content: "You help with bills." },
  { role: "user", content: "Why is my bill so high?" },
  {
    role: "assistant",
    content: null,
    tool_calls: [
      { id: "c1", type: "function", function: { name: "load_skill", arguments: '{"name":"explain-bill"}' } },
      { id: "c2", type: "function", function: { name: "get_invoices", arguments: '{"limit":2}' } },
    ],
  },
  { role: "tool", tool_call_id: "c1", content: '{"status":"LOADED","skill":"explain-bill"}' },
  { role: "tool", tool_call_id: "c2", content: '{"status":"error","error":"No tool named get_invoices is offered."}' },
  { role: "assistant", content: "Your bill went up because of the new rate." },
];
export const toolCalls = [
  {
    tool: "load_skill",
    arguments: { name: "explain-bill" },
    result: { status: "LOADED", skill: "explain-bill" },
    mocked: false,
  },
  {
    tool: "get_invoices",
    arguments: { limit: 2 },
    result: { status: "error", error: "No tool named get_invoices is offered." },
    mocked: false,
  },
];
