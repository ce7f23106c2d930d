/**
 * The browser tests drive Debian's Chromium (a browser download never works on our machines) and
 * need a CJK font to render Chinese. Install both when running as root, else say what to install.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { chromiumPath, cjkFontPath } from './browser';

const missing: string[] = [];
if (!existsSync(chromiumPath)) missing.push('chromium');
if (!existsSync(cjkFontPath)) missing.push('fonts-wqy-microhei');

if (missing.length > 0) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(`浏览器测试需要 Debian 软件包: ${missing.join(' ')}。请以 root 运行: apt-get update && apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
  console.log(`安装 ${missing.join(' ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...missing]]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(`apt-get ${args.join(' ')} 失败。请手动安装: ${missing.join(' ')}`);
      process.exit(1);
    }
  }
}
