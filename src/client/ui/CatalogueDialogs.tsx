import { useSyncExternalStore } from 'react';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { dialogs } from '../api/dialogs';
import { reloginNow } from '../api/request';
import { msg } from '../../shared/messages';
import { useT } from '../i18n/lang';
import { Refusal } from '../i18n/Refusal';

/** Renders the error catalogue's modal and the "log in again?" confirm (one at a time). */
export function CatalogueDialogs() {
  const t = useT();
  const state = useSyncExternalStore(dialogs.subscribe, dialogs.get);
  if (state.kind === 'relogin') {
    return (
      <Dialog header={t(msg.reloginTitle)} visible modal closable={false} onHide={() => undefined} style={{ width: '26rem' }}
        footer={<Button label={t(msg.confirm)} onClick={() => { dialogs.close(); reloginNow(); }} autoFocus />}>
        <p>{t(msg.signedOutBody)}</p>
      </Dialog>
    );
  }
  return (
    <Dialog header={t(msg.errorTitle)} visible={state.kind === 'error'} modal onHide={() => dialogs.close()} style={{ width: '26rem' }}
      footer={<Button label={t(msg.confirm)} onClick={() => dialogs.close()} autoFocus />}>
      <p role="alert">{state.kind === 'error' ? <Refusal text={state.text} /> : ''}</p>
    </Dialog>
  );
}
