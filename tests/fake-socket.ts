/** A WebSocket stand-in for unit tests of the live connection: records every socket made. */
export class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  constructor(readonly url: string, readonly protocols: string[]) {
    FakeSocket.made.push(this);
  }
  close() {}
}
