import { BlockList, isIP } from 'node:net';

// Demo sign-in hands anyone who can reach the server an admin session of the seeded workspace, so
// it is on only when asked for, and never where strangers can reach it unless DEMO=1 says so.

/** What decides the demo, read from the environment and the command line. */
interface DemoInputs {
  /** DEMO as given: true forces it on, false off, undefined lets the rules below decide. */
  demo: boolean | undefined;
  /** SEED_DEMO as given. */
  seed: boolean | undefined;
  /** NODE_ENV as the operator gave it (before the server's own production default). */
  nodeEnv: string | undefined;
  host: string;
  publicUrl: string;
  /** A Google or Microsoft sign-in is configured. */
  provider: boolean;
  /** The start asked for the demo (`npm start` passes --demo). */
  asked: boolean;
}

export interface DemoConfig {
  /** Single-use demo sign-in links printed at start, and the login page's demo block. */
  demoSignIn: boolean;
  /** Seed the demo workspace Acme into an empty database. */
  seedDemo: boolean;
  /** The one line start-up prints: whether demo sign-in is on, why, and the seed. */
  demoStatus: string;
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1 or localhost: only this machine reaches it. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (bare.toLowerCase() === 'localhost') return true;
  const family = isIP(bare);
  return family !== 0 && loopback.check(bare, family === 6 ? 'ipv6' : 'ipv4');
}

/** Why the demo may not be on without DEMO=1, or null when nothing forbids it. */
function forbidden({ nodeEnv, host, publicUrl }: DemoInputs): string | null {
  if (nodeEnv === 'production') return 'NODE_ENV=production';
  if (!isLoopback(host)) return `HOST ${host} is not a loopback address`;
  const publicHost = new URL(publicUrl).hostname;
  if (!isLoopback(publicHost)) return `PUBLIC_URL's host ${publicHost} is not a loopback address`;
  return null;
}

function signIn(inputs: DemoInputs, refusal: string | null): [boolean, string] {
  if (inputs.demo === true) return [true, 'DEMO=1'];
  if (inputs.demo === false) return [false, 'DEMO=0'];
  const turnOn = '(set DEMO=1 to turn it on)';
  if (refusal) return [false, `${refusal} ${turnOn}`];
  if (!inputs.asked) return [false, `not asked for (npm start asks for it) ${turnOn}`];
  if (inputs.provider) return [false, `a sign-in provider is configured ${turnOn}`];
  return [true, 'npm start asked for it (--demo) on a loopback address (DEMO=0 turns it off)'];
}

function seed(inputs: DemoInputs, refusal: string | null, signedIn: boolean): [boolean, string] {
  if (inputs.seed === false) return [false, 'SEED_DEMO=false'];
  if (inputs.demo === true) return [true, 'DEMO=1'];
  if (refusal) {
    return [false, inputs.seed ? `SEED_DEMO=true is ignored: ${refusal}` : refusal];
  }
  if (inputs.seed === true) return [true, 'SEED_DEMO=true'];
  return [signedIn, 'like demo sign-in'];
}

/** Demo sign-in and the demo seed, and the start-up line that says which and why. */
export function decideDemo(inputs: DemoInputs): DemoConfig {
  const refusal = forbidden(inputs);
  const [demoSignIn, signInWhy] = signIn(inputs, refusal);
  const [seedDemo, seedWhy] = seed(inputs, refusal, demoSignIn);
  const onOff = (on: boolean) => (on ? 'on' : 'off');
  return {
    demoSignIn,
    seedDemo,
    demoStatus:
      `Demo sign-in is ${onOff(demoSignIn)}: ${signInWhy}. ` +
      `Demo seed is ${onOff(seedDemo)} (${seedWhy}).`,
  };
}
