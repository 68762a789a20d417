#!/usr/bin/env node
// `npm start`: builds every workspace. Later issues make it start the server and the app.
import { heading, run } from './run.mjs';

heading('building every workspace');
await run('npx', ['turbo', 'run', 'build', '--concurrency=2']);
heading('built: the server and the web app arrive with the next issues');
