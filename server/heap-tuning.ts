// Imported by the server, the worker and the bench's app, before anything else allocates. V8
// moves an allocation site's objects straight to the old generation once it sees many of them
// survive a young collection ("pretenuring"). Under a burst of requests it made that choice for
// objects that live for a millisecond (measured under fifty connections: the old generation grew
// 1.5 MB per young collection, and the full collections that forced, every five to seven
// seconds, paused every request in flight for 12 to 20 ms). A server's objects outlive a request
// or live for good; the young generation sorts them without this guess.
// docs/load-measurements.md has the figures.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-allocation-site-pretenuring');
