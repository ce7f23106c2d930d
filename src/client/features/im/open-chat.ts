import { nav } from '../../api/navigation';
import { chat } from './chat-store';

/**
 * Opens chat, on a conversation when given; a guest goes to the login page first (requirements 001-8). Apart
 * from the chat window (ChatDock.tsx) so that the buttons which open it (联系卖家 on every result
 * row, the side toolbar) do not bring the window, its emoji and its tables into their pages.
 */
export const openChat = (signedIn: boolean, targetId?: string) => {
  if (!signedIn) {
    nav.assign(`/login?redirect=${encodeURIComponent(nav.here())}`);
    return;
  }
  chat.open(targetId);
};
