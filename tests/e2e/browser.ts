import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const cjkFontPath = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

// Without the background-networking flags Chromium keeps dialling out on a closed network.
export const chromiumOptions: LaunchOptions = {
  executablePath: chromiumPath,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export const launchChromium = (): Promise<Browser> => chromium.launch(chromiumOptions);
