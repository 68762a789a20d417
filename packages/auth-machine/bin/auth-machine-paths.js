#!/usr/bin/env node
// Launcher committed beside the package so `npm ci` can link the bin before dist/ is built.
import '../dist/cli/paths.js';
