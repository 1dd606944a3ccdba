// The flags of the Node processes that serve requests: `npm start` and `npm run worker`
// (package.json) and the bench's app start with these. A young generation of a fixed 32 MB:
// under fifty connections V8 grew it to 64 MB, whose collections paused every request in flight
// for 1.5 ms on average, against 1.0 ms at 32 MB, twice as often; and a fixed size keeps a server
// idle overnight from starting its nine o'clock burst with the smallest one.
// docs/load-measurements.md has the figures.
export const SERVER_NODE_FLAGS = ['--min-semi-space-size=32', '--max-semi-space-size=32'];
