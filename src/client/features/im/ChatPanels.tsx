/**
 * The chat window's panels beyond a private chat (requirements 001-2-3): the friends tab (remarks,
 * a group made from friends), the group's members (群成员: add friends, leave), 加为好友 on a
 * contact card, and the composer's quick-reply and 邀请客服 menus and the translated line. Every
 * refusal shows the server's Chinese message where the action was.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { IM_GROUP_NAME_MAX, IM_NOTE_MAX, type ImFriend } from '../../../shared/contracts';
import { hasAnyPermission } from '../../../shared/domain/permissions';
import { msg } from '../../../shared/messages';
import { errorText } from '../../ui/form/form';
import { chat, useChat } from './chat-store';
import { chatLanguageOf, mayInviteService, quickReplyText } from './chat-rules';
import { blocksQuery, featuresQuery, friendsQuery, groupQuery, quickRepliesQuery, socialKeys, staffQuery, translationQuery } from './queries';
import { mark, useT } from '../../i18n/lang';
import { Refusal } from '../../i18n/Refusal';
import { useAddFriend, useAddGroupMembers, useCreateGroupChat, useInviteService, useQuitGroup, useRemarkFriend, useSetBlocked } from './mutations';

/** M11-01 gates quick replies and the translate icon (requirements 001-6) */
export const useM1101 = () => {
  const { session } = useRouteContext({ from: '__root__' });
  return hasAnyPermission(session.user?.permissions ?? [], ['M11-01']);
};

const shownName = (f: ImFriend) => f.note || f.nick_name;

function Blurred() {
  const t = useT();
  return <span className="blurred-contact" title={t(msg.upgradeToView)}><span aria-hidden="true" style={{ filter: 'blur(4px)' }}>020-88888888</span> <small>{t(msg.upgradeToView)}</small></span>;
}

/** 好友: open a chat, remark a friend (empty: the name again), make a group from friends */
export function FriendsPanel({ onOpened }: { onOpened: () => void }) {
  const t = useT();
  const friends = useQuery(friendsQuery());
  const remarkFriend = useRemarkFriend();
  const createGroupChat = useCreateGroupChat();
  const [editing, setEditing] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [picking, setPicking] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [groupName, setGroupName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(crypto.randomUUID());

  const saveNote = async (f: ImFriend) => {
    setBusy(true);
    try {
      await remarkFriend.mutateAsync({ friend_uuid: f.uuid, note });
      setEditing(null);
      setProblem(null);
      void chat.refresh();
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const createGroup = async () => {
    setBusy(true);
    try {
      const { group_id } = await createGroupChat.mutateAsync({ payload: { user_id: [...chosen].join(','), group_name: groupName }, idempotencyKey: key.current });
      key.current = crypto.randomUUID();
      setPicking(false);
      setChosen(new Set());
      setGroupName('');
      setProblem(null);
      chat.open(group_id, 3);
      onOpened();
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const list = friends.data ?? [];
  return (
    <nav className="chat-conversations chat-friends" aria-label={t('好友列表')}>
      <div className="chat-list-head">
        <h3>{list.length > 0 ? t('好友（{{n}}）', { n: list.length }) : t('好友')}</h3>
        {list.length >= 2 && !picking && <button type="button" className="linklike" onClick={() => { setPicking(true); setProblem(null); }}>{t('发起群聊')}</button>}
      </div>
      {picking && (
        <form className="chat-group-form" onSubmit={(e) => { e.preventDefault(); void createGroup(); }} aria-label={t('发起群聊')}>
          <input aria-label={t('群名称')} placeholder={t('群名称（最多{{n}}字）', { n: IM_GROUP_NAME_MAX })} value={groupName} maxLength={IM_GROUP_NAME_MAX + 10} onChange={(e) => setGroupName(e.target.value)} />
          <small className="muted">{t('勾选至少两位好友（已选 {{n}}）', { n: chosen.size })}</small>
          <span>
            <button type="submit" className="chat-send" disabled={busy}>{t('创建群聊')}</button>
            <button type="button" className="linklike" onClick={() => { setPicking(false); setChosen(new Set()); setProblem(null); }}>{t('取消')}</button>
          </span>
        </form>
      )}
      {problem && <p role="alert" className="chat-error chat-panel-error"><Refusal text={problem} /></p>}
      {friends.isSuccess && list.length === 0 && <p className="muted chat-empty">{t('还没有好友。在聊天对象的名片上点“加为好友”。')}</p>}
      <ul>
        {list.map((f) => (
          <li key={f.uuid} className="chat-friend">
            {picking ? (
              <label className="chat-friend-pick">
                <input type="checkbox" checked={chosen.has(f.uuid)} aria-label={t('选择 {{row}}', { row: shownName(f) })}
                  onChange={(e) => setChosen((s) => { const n = new Set(s); if (e.target.checked) n.add(f.uuid); else n.delete(f.uuid); return n; })} />
                <FriendText f={f} />
              </label>
            ) : editing === f.uuid ? (
              <form className="chat-note-form" onSubmit={(e) => { e.preventDefault(); void saveNote(f); }}>
                <input aria-label={t('{{name}} 的备注', { name: f.nick_name })} value={note} maxLength={IM_NOTE_MAX + 5} placeholder={t('备注（空则显示 {{name}}）', { name: f.nick_name })} onChange={(e) => setNote(e.target.value)} autoFocus />
                <button type="submit" className="linklike" disabled={busy}>{t('保存')}</button>
                <button type="button" className="linklike" onClick={() => { setEditing(null); setProblem(null); }}>{t('取消')}</button>
              </form>
            ) : (
              <>
                <button type="button" className="chat-friend-open" onClick={() => { chat.open(f.uuid, 1); onOpened(); }} aria-label={t('和 {{name}} 聊天', { name: shownName(f) })}>
                  <FriendText f={f} />
                </button>
                <button type="button" className="linklike chat-note-btn" aria-label={t('备注 {{name}}', { name: shownName(f) })} onClick={() => { setEditing(f.uuid); setNote(f.note); setProblem(null); }}>{t('备注')}</button>
              </>
            )}
          </li>
        ))}
      </ul>
      <BlockedList />
    </nav>
  );
}

/** 黑名单: the users the caller blocked, each with 取消拉黑 */
function BlockedList() {
  const t = useT();
  const blocks = useQuery(blocksQuery());
  const setBlocked = useSetBlocked();
  const [problem, setProblem] = useState<string | null>(null);
  const list = blocks.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="chat-blocked" aria-label={t('黑名单')}>
      <div className="chat-list-head"><h3>{t('黑名单（{{n}}）', { n: list.length })}</h3></div>
      {problem && <p role="alert" className="chat-error chat-panel-error"><Refusal text={problem} /></p>}
      <ul>
        {list.map((b) => (
          <li key={b.uuid} className="chat-friend">
            <span className="chat-conv-text" data-user-text><strong>{b.nick_name}</strong><small>{b.company_name}</small></span>
            <button type="button" className="linklike chat-note-btn" aria-label={t('取消拉黑 {{name}}', { name: b.nick_name })}
              onClick={() => void setBlocked.mutateAsync({ uuid: b.uuid, block: false }).catch((e) => setProblem(errorText(e)))}>{t('取消拉黑')}</button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** 拉黑 on a contact card: the user's private messages are refused from then on; 取消拉黑 undoes it */
export function BlockToggle({ uuid }: { uuid: string }) {
  const t = useT();
  const blocks = useQuery(blocksQuery());
  const setBlocked = useSetBlocked();
  const [problem, setProblem] = useState<string | null>(null);
  if (!blocks.isSuccess) return null;
  const blocked = blocks.data.some((b) => b.uuid === uuid);
  const toggle = () => void setBlocked.mutateAsync({ uuid, block: !blocked }).then(() => setProblem(null), (e) => setProblem(errorText(e)));
  return (
    <p className="chat-friend-flag">
      {blocked && <span className="muted"><i className="pi pi-ban" /> {t('已拉黑，对方的消息将被拒收')} </span>}
      <button type="button" className="linklike" onClick={toggle}>
        {blocked ? t('取消拉黑') : <><i className="pi pi-ban" /> {t('拉黑')}</>}
      </button>
      {problem && <span role="alert" className="chat-error"> <Refusal text={problem} /></span>}
    </p>
  );
}

function FriendText({ f }: { f: ImFriend }) {
  const t = useT();
  return (
    <>
      <span className="chat-avatar" aria-hidden="true" data-user-text>{shownName(f).slice(0, 1)}</span>
      <span className="chat-conv-text">
        <strong><span data-user-text>{shownName(f)}</span>{f.on_line && <span className="chat-online" data-testid="friend-online"> ● {t('在线')}</span>}</strong>
        <small data-user-text>{f.company_name}{f.note ? ` · ${f.nick_name}` : ''}</small>
      </span>
    </>
  );
}

/** 加为好友 on a contact card; 已是好友 once added */
export function AddFriend({ uuid }: { uuid: string }) {
  const t = useT();
  const friends = useQuery(friendsQuery());
  const addFriend = useAddFriend();
  const [problem, setProblem] = useState<string | null>(null);
  if (!friends.isSuccess) return null;
  if (friends.data.some((f) => f.uuid === uuid)) return <p className="muted chat-friend-flag"><i className="pi pi-user-plus" /> {t('已是好友')}</p>;
  return (
    <p className="chat-friend-flag">
      <button type="button" className="linklike" onClick={() => void addFriend.mutateAsync(uuid).catch((e) => setProblem(errorText(e)))}>
        <i className="pi pi-user-plus" /> {t('加为好友')}
      </button>
      {problem && <span role="alert" className="chat-error"> <Refusal text={problem} /></span>}
    </p>
  );
}

/** 群成员: who is in the group, their companies and (formal members only) phones; add friends, leave */
export function GroupPanel({ groupId }: { groupId: string }) {
  const t = useT();
  const qc = useQueryClient();
  const tick = useChat((s) => s.groupTick);
  const g = useQuery(groupQuery(groupId));
  useEffect(() => {
    // a member joined or left (pushed): fetch the members again
    if (tick > 0) void qc.invalidateQueries({ queryKey: socialKeys.group(groupId) });
  }, [tick, groupId, qc]);
  const friends = useQuery(friendsQuery());
  const addGroupMembers = useAddGroupMembers();
  const quitGroup = useQuitGroup();
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  if (!g.data) return <aside className="chat-contact" aria-label={t(msg.chatGroupMembers)}>{g.isSuccess && <p className="muted chat-empty">{t(imNoGroup)}</p>}</aside>;
  const group = g.data;
  const inGroup = new Set(group.members.map((m) => m.user_uuid));
  const addable = (friends.data ?? []).filter((f) => !inGroup.has(f.uuid));
  const add = async () => {
    try {
      await addGroupMembers.mutateAsync({ group_id: groupId, user_id: [...chosen].join(',') });
      setAdding(false);
      setChosen(new Set());
      setProblem(null);
    } catch (e) {
      setProblem(errorText(e));
    }
  };
  const leave = async () => {
    if (!window.confirm(t('退出群聊“{{name}}”？退出后不再收到该群消息。', { name: group.name }))) return;
    try {
      await quitGroup.mutateAsync({ group_id: groupId });
      chat.left(groupId);
    } catch (e) {
      setProblem(errorText(e));
    }
  };
  return (
    <aside className="chat-contact" aria-label={t(msg.chatGroupMembers)}>
      <h3>{t('群成员（{{n}}）', { n: group.members.length })}</h3>
      <p><strong data-user-text>{group.name}</strong>{group.is_service && <span className="chat-tag">{t('客服')}</span>}</p>
      <ul className="chat-members" aria-label={t('成员列表')}>
        {group.members.map((m) => (
          <li key={m.user_uuid} data-testid="group-member">
            <span className="chat-avatar" aria-hidden="true" data-user-text>{m.user_name.slice(0, 1)}</span>
            <span className="chat-conv-text">
              <strong><span data-user-text>{m.user_name}</span>{m.on_line && <span className="chat-online"> {t('在线')}</span>}</strong>
              <small data-user-text>{m.company_name}</small>
              <small>{group.contacts_visible ? m.contact_phone || '—' : <Blurred />}</small>
            </span>
          </li>
        ))}
      </ul>
      {adding ? (
        <div className="chat-add-members">
          {addable.length === 0 ? <p className="muted">{t('没有可以添加的好友')}</p> : addable.map((f) => (
            <label key={f.uuid} className="chat-friend-pick">
              <input type="checkbox" checked={chosen.has(f.uuid)} aria-label={t('添加 {{name}}', { name: shownName(f) })}
                onChange={(e) => setChosen((s) => { const n = new Set(s); if (e.target.checked) n.add(f.uuid); else n.delete(f.uuid); return n; })} />
              <span data-user-text>{shownName(f)}</span> <small className="muted" data-user-text>{f.company_name}</small>
            </label>
          ))}
          <span>
            <button type="button" className="chat-send" disabled={chosen.size === 0} onClick={() => void add()}>{t('确定添加')}</button>
            <button type="button" className="linklike" onClick={() => { setAdding(false); setProblem(null); }}>{t('取消')}</button>
          </span>
        </div>
      ) : (
        <p className="chat-group-actions">
          <button type="button" className="linklike" onClick={() => setAdding(true)}><i className="pi pi-user-plus" /> {t('添加成员')}</button>
          <button type="button" className="linklike chat-danger" onClick={() => void leave()}><i className="pi pi-sign-out" /> {t('退出群聊')}</button>
        </p>
      )}
      {problem && <p role="alert" className="chat-error chat-panel-error"><Refusal text={problem} /></p>}
    </aside>
  );
}
const imNoGroup = mark('您已不在该群聊中');

/** A small menu opened from a composer button; closes on choosing or on Escape. */
function ToolMenu({ label, icon, title, children }: { label: string; icon: string; title: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <span className="chat-tool-menu" onKeyDown={(e) => { if (e.key === 'Escape') setOpen(false); }}>
      <button type="button" className="linklike" aria-haspopup="menu" aria-expanded={open} title={title} onClick={() => setOpen((o) => !o)}>
        <i className={icon} aria-hidden="true" /> {label}
      </button>
      {open && <div className="chat-menu" role="menu" aria-label={title}>{children(() => setOpen(false))}</div>}
    </span>
  );
}

/** 快捷回复 (M11-01): the seller company's phrases; the one for the chat's language goes into the box */
export function QuickReplyMenu({ targetId, onPick }: { targetId: string; onPick: (text: string) => void }) {
  const allowed = useM1101();
  const q = useQuery({ ...quickRepliesQuery(), enabled: allowed });
  const messages = useChat((s) => s.threads[targetId]?.messages);
  const t = useT();
  if (!allowed) return null;
  const lang = chatLanguageOf(messages ?? []);
  return (
    <ToolMenu label={t('快捷回复')} icon="pi pi-bolt" title={lang === 'vn' ? t('快捷回复（插入越南语）') : t('快捷回复（插入中文）')}>
      {(close) => (q.data?.data.length ?? 0) === 0
        ? <p className="muted chat-menu-empty">{t('还没有快捷回复，请在卖家后台“聊天设置”中添加')}</p>
        : q.data!.data.map((r) => (
          <button key={r.id} type="button" role="menuitem" data-user-text onClick={() => { onPick(quickReplyText(r, lang)); close(); }}>{quickReplyText(r, lang)}</button>
        ))}
    </ToolMenu>
  );
}

/** 邀请客服: only in a private chat while staff are on duty (requirements 001-6); the chat becomes a group of three */
export function InviteServiceMenu({ targetId }: { targetId: string }) {
  const t = useT();
  const conv = useChat((s) => s.conversations.find((c) => c.targetId === targetId)) ?? (targetId ? { conversationType: 1 as const } : undefined);
  const kind = useChat((s) => s.kinds[targetId]);
  const staff = useQuery(staffQuery());
  const inviteService = useInviteService();
  const [problem, setProblem] = useState<string | null>(null);
  if (kind === 3 || !mayInviteService(conv, staff.data ?? [], targetId)) return null;
  const invite = async (service_uuid: string) => {
    try {
      const { group_id } = await inviteService.mutateAsync({ targetId, service_uuid });
      setProblem(null);
      chat.open(group_id, 3);
    } catch (e) {
      setProblem(errorText(e));
    }
  };
  return (
    <>
      <ToolMenu label={t('邀请客服')} icon="pi pi-headphones" title={t('邀请客服')}>
        {(close) => staff.data!.filter((s) => s.user_uuid !== targetId).map((s) => (
          <button key={s.user_uuid} type="button" role="menuitem" onClick={() => { close(); void invite(s.user_uuid); }} data-user-text>{s.name}</button>
        ))}
      </ToolMenu>
      {problem && <span role="alert" className="chat-error"><Refusal text={problem} /></span>}
    </>
  );
}

/** The translated line under a received text (M11-01, with a translation service configured); the icon hides or shows it. */
export function TranslatedLine({ text }: { text: string }) {
  const allowed = useM1101();
  const features = useQuery({ ...featuresQuery(), enabled: allowed });
  const [shown, setShown] = useState(true);
  const on = allowed && !!features.data?.translate;
  const tr = useQuery({ ...translationQuery(text), enabled: on && shown });
  const t = useT();
  if (!on) return null;
  const label = shown ? t('隐藏翻译') : t('翻译');
  return (
    <div className="chat-translated">
      <button type="button" className="linklike" title={label} aria-label={label} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        <i className="pi pi-language" />
      </button>
      {shown && (tr.isPending ? <small className="muted">{t('翻译中…')}</small> : tr.isError ? <small className="chat-error"><Refusal text={errorText(tr.error)} /></small>
        : <small data-testid="translated" data-user-text>{tr.data?.dstText}</small>)}
    </div>
  );
}
