// The advisor's tools (issue 20, ADR 0036): each one reads the current company's records through the
// app's own GET operations as the signed-in user (ApiCaller), so the tenant scope, the role checks
// and the filters are the screens' own; each maps what it got to an allow-list of fields (never a
// password, clear or hashed, a secret's value, a token) and names every record it answered with a
// ref and the web path that opens it. Read-only: no tool writes.

import { getFindingTool, leakedAccountsTool, listFindingsTool } from './advisor.tools.findings.js';
import { cveExposureTool, postureSummaryTool, whatChangedTool } from './advisor.tools.posture.js';
import { searchTool, storePageTool } from './advisor.tools.stores.js';
import type { AdvisorTool, ToolName } from './advisor.types.js';

/** The eight tools, in TOOL_NAMES order: every engine and the MCP endpoint offer exactly these. */
export const advisorTools: readonly AdvisorTool[] = [
  postureSummaryTool,
  listFindingsTool,
  getFindingTool,
  cveExposureTool,
  whatChangedTool,
  leakedAccountsTool,
  storePageTool,
  searchTool,
] as readonly AdvisorTool[];

export function toolNamed(name: string): AdvisorTool | undefined {
  return advisorTools.find((tool) => tool.name === (name as ToolName));
}
