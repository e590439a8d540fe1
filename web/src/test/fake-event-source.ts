import type { AdLiveEvent } from '@backoffice/contract';

/**
 * jsdom has no EventSource: a stand-in that records the streams opened and that a test drives as
 * the server and the browser would (open, named events, errors, close).
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, Set<(event: Event) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** A named event from the server (`{}` as its data unless given), or `error`/`open` from the browser. */
  dispatch(type: string, event: Event = new MessageEvent(type, { data: '{}' })) {
    this.listeners.get(type)?.forEach((l) => l(event));
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatch('open', new Event('open'));
  }
  /** An ad event as the server sends it. */
  send(event: AdLiveEvent) {
    this.dispatch('ad', new MessageEvent('ad', { data: JSON.stringify(event) }));
  }
}
