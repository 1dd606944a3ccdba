import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium headless shell (`chromium-headless-shell`, scripts/install-test-deps.sh),
 * never a Playwright-downloaded browser (nothing can be downloaded here). The full browser's
 * headless mode is all of Chrome without a window: the same browser tests took a third more CPU
 * in it (three times the renderer processes), and two cores are the suite's limit. Both run the
 * same Blink and V8. The background-networking flags stop Chromium from flooding the closed
 * network. With no GPU, software compositing and no SwiftShader GL cost the GPU process and the renderers less CPU
 * (the pages draw on 2D canvases only). Playwright's headless defaults already mute audio and
 * turn off extensions and background throttling.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium-headless-shell',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-gpu-compositing',
    '--disable-software-rasterizer',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
