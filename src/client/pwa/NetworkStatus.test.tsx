import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { locale } from 'primereact/api';
import { LocalDb } from '../local/db';
import { createOutbox, type Classify } from '../local/outbox';
import { BACK_ONLINE_MS, NetworkStatus } from './NetworkStatus';
import { reactRoot } from '../test/react-root';


const A = 'user-a';
const refused: Classify = () => 'refused';
let n = 0;
const at = reactRoot();
// PrimeReact's own locale (its dialog's close label), as a fresh module scope has it: a file run
// before this one in the same scope may have chosen zh-CN (i18n/vi.ts) without the app's setup
beforeEach(() => {
  locale('en');
});

/** Lets Dexie's live queries answer and React render. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));
/** Waits (settling again and again) until the indicator says what is expected: a loaded machine answers later. */
const shows = (text: string, yes = true) => vi.waitFor(async () => {
  await settle();
  if (yes) expect(at.host.textContent).toContain(text);
  else expect(at.host.textContent).not.toContain(text);
}, { timeout: 5000, interval: 50 });
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.includes(text));

describe('the network indicator', () => {
  it('shows how many writes failed and lists them with 重试 and 放弃', async () => {
    const box = createOutbox(new LocalDb(`status-test-${n++}`));
    const wanted = await box.enqueue(A, 'publishWanted', { wanted_parts: '刹车片' });
    await box.enqueue(A, 'oeSearchHistory', { search_value: 'ABCDE12345' });
    await box.enqueue('user-b', 'publishWanted', { wanted_parts: '别人的' });
    await box.replay(A, async (name) => { throw new Error(name === 'publishWanted' ? 'VIN码必须是17位字母或数字' : '参数有误'); }, refused);

    await act(async () => at.root.render(<NetworkStatus userUuid={A} box={box} />));
    await shows('2 条同步失败');

    act(() => button('2 条同步失败')!.click());
    await settle();
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('同步失败的操作');
    expect(dialog.textContent).toContain('发布求购');
    expect(dialog.textContent).toContain('搜索记录');
    expect(dialog.textContent).toContain('VIN码必须是17位字母或数字');
    expect(dialog.textContent).not.toContain('别人的');

    const retries = [...dialog.querySelectorAll('button')].filter((b) => b.textContent?.includes('重试'));
    await act(async () => retries[0].click());
    await settle();
    expect((await box.pending(A)).map((w) => w.seq)).toEqual([wanted.seq]);
    await shows('1 条待同步');
    await shows('1 条同步失败');

    await act(async () => button('放弃')!.click());
    await settle();
    expect(await box.failed(A)).toEqual([]);
    await shows('同步失败', false);
  });

  it('stays out of sight while online with nothing waiting, and says 在线 for a moment when the network comes back', async () => {
    const box = createOutbox(new LocalDb(`status-test-${n++}`));
    let online = true;
    const spy = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    try {
      await act(async () => at.root.render(<NetworkStatus userUuid={A} box={box} />));
      await settle();
      const pill = () => at.host.querySelector('.net-status')!;
      expect(pill().classList.contains('idle')).toBe(true);

      online = false;
      act(() => { window.dispatchEvent(new Event('offline')); });
      expect(pill().classList.contains('idle')).toBe(false);
      expect(pill().textContent).toContain('离线');

      vi.useFakeTimers();
      online = true;
      act(() => { window.dispatchEvent(new Event('online')); });
      expect(pill().classList.contains('idle')).toBe(false);
      expect(pill().textContent).toContain('在线');
      act(() => { vi.advanceTimersByTime(BACK_ONLINE_MS + 10); });
      expect(pill().classList.contains('idle')).toBe(true);
    } finally {
      vi.useRealTimers();
      spy.mockRestore();
    }
  });
});
