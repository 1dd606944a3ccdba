// Run as a process of its own by heap-tuning.test.ts (with --expose-gc, and a young generation
// of 1 MB that is at its largest from the start: V8 decides to pretenure only in a young
// collection at the young generation's largest size, as a server's is under load): whether V8
// allocates one allocation site's new objects in the old generation after it has seen that
// site's objects survive. With `tuned` it first imports what the server's entry points import.
import { getHeapSpaceStatistics } from 'node:v8';

if (process.argv[2] === 'tuned') await import('../../../server/heap-tuning');

const collect = (globalThis as { gc?: (options: { type: 'minor' | 'major' }) => void }).gc;
if (!collect) throw new Error('run with --expose-gc');

const oldSpace = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? 0;

const make = (i: number) => ({ i, next: i + 1, list: [i] });

// Every object of the site survives two young collections: the feedback V8 pretenures on.
const kept: object[] = [];
for (let round = 0; round < 4; round += 1) {
  for (let i = 0; i < 20_000; i += 1) kept.push(make(i));
  collect({ type: 'minor' });
  collect({ type: 'minor' });
}
kept.length = 0;
collect({ type: 'major' });

// Then 5,000 objects of the same site that nothing keeps, too few to fill the young generation.
const before = oldSpace();
let sum = 0;
for (let i = 0; i < 5_000; i += 1) sum += make(i).next;
process.stdout.write(JSON.stringify({ grewBytes: oldSpace() - before, sum }));
