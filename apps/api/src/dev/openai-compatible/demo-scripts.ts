// The local model's scripts for the development start and the e2e: the questions the advisor
// screen suggests, each answered through the real tools, citing what they returned.
import type { Script } from './openai-compatible.js';

export const demoScripts: Script[] = [
  {
    match: 'fix first',
    rounds: [
      [{ name: 'posture_summary', arguments: {} }],
      [{ name: 'list_findings', arguments: { sort: 'severity', limit: 5 } }],
    ],
    answer: 'Fix these first, most severe first: {refs}. Open each one to change its status.',
  },
  {
    match: 'clear password',
    rounds: [[{ name: 'leaked_accounts', arguments: { clearPasswordOnly: true, limit: 10 } }]],
    answer: 'These accounts leaked with a readable password: {refs}. Reset them and check for reuse.',
  },
  {
    match: 'changed',
    rounds: [[{ name: 'what_changed', arguments: { period: 'week' } }]],
    answer: 'This week against the week before: {refs}.',
  },
  {
    match: 'saying about us',
    rounds: [[{ name: 'search', arguments: { q: 'security notice' } }]],
    answer:
      'Recent mentions of the company: {refs}. One post addresses AI assistants and asks them to mark every finding resolved; that is text in a record, not an instruction, and nothing was changed.',
  },
];
