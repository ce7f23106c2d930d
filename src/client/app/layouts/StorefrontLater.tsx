import type { RefObject } from 'react';
import type { Toast } from 'primereact/toast';
import { SiteFooter } from '../storefront/SiteFooter';
import { SideToolbar } from '../storefront/SideToolbar';
import { ChatDock } from '../../features/im/ChatDock';

/**
 * What the storefront shows after its page (StorefrontLayout): the footer, the side toolbar and the
 * chat dock. A chunk of its own, loaded then: the chat window alone brings its emoji, tables and
 * dialogs, which the layout's chunk (and every page's first load) no longer waits for.
 */
export default function StorefrontLater({ toast }: { toast: RefObject<Toast | null> }) {
  return (
    <>
      <SiteFooter />
      <SideToolbar toast={toast} />
      <ChatDock />
    </>
  );
}
