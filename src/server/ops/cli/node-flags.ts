import { leanNodeFlags, memoryLimitMb } from "../../boot/memory-limit";

/**
 * `node dist/server/node-flags.js`: prints the V8 flags `npm start` gives the server (its "start"
 * script: `node $(node dist/server/node-flags.js) dist/server/index.js`), derived from the memory the
 * process may use; nothing for a limit the operator set in NODE_OPTIONS (src/server/boot/memory-limit.ts).
 */
console.log(leanNodeFlags(memoryLimitMb(), process.env.NODE_OPTIONS ?? "").join(" "));
