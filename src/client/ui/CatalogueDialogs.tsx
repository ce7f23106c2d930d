import { useSyncExternalStore } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { dialogs } from '../api/dialogs';
import { reloginNow } from '../api/request';
import { msg } from '../../shared/messages';

/** Renders the error catalogue's modal and the "log in again?" confirm (one at a time). */
export function CatalogueDialogs() {
  const state = useSyncExternalStore(dialogs.subscribe, dialogs.get);
  if (state.kind === 'relogin') {
    return (
      <Dialog header={msg.reloginTitle} visible modal closable={false} onHide={() => undefined} style={{ width: '26rem' }}
        footer={<Button label={msg.confirm} onClick={() => { dialogs.close(); reloginNow(); }} autoFocus />}>
        <p>{msg.signedOutBody}</p>
      </Dialog>
    );
  }
  return (
    <Dialog header={msg.errorTitle} visible={state.kind === 'error'} modal onHide={() => dialogs.close()} style={{ width: '26rem' }}
      footer={<Button label={msg.confirm} onClick={() => dialogs.close()} autoFocus />}>
      <p role="alert">{state.kind === 'error' ? state.text : ''}</p>
    </Dialog>
  );
}
