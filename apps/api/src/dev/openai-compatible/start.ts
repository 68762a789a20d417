// Starts the local OpenAI-compatible model server with the demo scripts, for the development start
// and the e2e: `node apps/api/dist/dev/openai-compatible/start.js [--port N] [--api-key KEY]`.
// Prints one JSON line `{"url": …}` (the ADVISOR_BASE_URL to use) once it listens; SIGTERM and
// SIGINT close it.
import { demoScripts } from './demo-scripts.js';
import { startOpenAiCompatible } from './openai-compatible.js';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const apiKey = option('--api-key');
const server = await startOpenAiCompatible({
  scripts: demoScripts,
  port: Number(option('--port') ?? 0),
  ...(apiKey ? { apiKey } : {}),
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
