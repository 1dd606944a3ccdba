import { SERVER_NODE_FLAGS } from '../../server/node-flags';

// The flags of the server processes the tests start: production's, and WebAssembly compiled by
// V8's baseline compiler (Liftoff) only. A test's server lives seconds to minutes; production's
// optimizing tier spent more CPU recompiling the embedded database's hot functions than it won
// back, and held up each exit until it was done: a Playwright file of fresh servers took 30%
// less CPU without it. It changes how fast the database runs, never what it answers.
export const SERVER_TEST_NODE_FLAGS = [...SERVER_NODE_FLAGS, '--liftoff-only'];
