// The tools of one question (ToolBox): checks the name and the arguments, counts the calls against
// the limit, runs the tool, keeps every record it answered (only those can be cited) and reports
// each call and each new record as an event.
import {
  type AdvisorEvent,
  type AdvisorRecord,
  type AdvisorTool,
  type ToolBox,
  type ToolCallRecord,
  type ToolContext,
  ToolError,
  type ToolOutput,
} from './advisor.types.js';

export function createToolBox(
  tools: readonly AdvisorTool[],
  ctx: ToolContext,
  limit: number,
  emit: (event: AdvisorEvent) => void = () => {},
): ToolBox {
  const calls: ToolCallRecord[] = [];
  const records = new Map<string, AdvisorRecord>();

  async function run(name: string, args: unknown): Promise<ToolOutput> {
    const tool = tools.find((candidate) => candidate.name === name);
    if (!tool) throw new ToolError(`Unknown tool: ${name.slice(0, 64)}.`, 404);
    if (calls.length > limit) throw new ToolError(`Tool call limit reached (${limit} per question).`, 429);
    const output = await tool.run(tool.parse(args), ctx);
    for (const record of output.records) {
      if (records.has(record.ref)) continue;
      records.set(record.ref, record);
      emit({ type: 'record', record });
    }
    return output;
  }

  return {
    tools,
    calls,
    records,
    async call(name, args) {
      calls.push({ name, arguments: args, ok: false });
      const entry = calls[calls.length - 1] as ToolCallRecord;
      emit({ type: 'tool', name, arguments: args });
      try {
        const output = await run(name, args);
        entry.ok = true;
        return output;
      } catch (error) {
        // A fault of the tool itself reaches the engine as a ToolError that keeps it as its cause (for the log).
        const failure =
          error instanceof ToolError ? error : Object.assign(new ToolError('The tool failed.', 500), { cause: error });
        entry.error = failure.message;
        throw failure;
      }
    },
  };
}
