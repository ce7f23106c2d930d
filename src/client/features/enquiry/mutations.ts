import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnquiryDetail, PayloadIn } from '../../../shared/contracts';
import type { EnquiryAction } from '../../../shared/domain/enquiry';
import { request } from '../../api/request';
import { useKeyedCall } from '../../api/use-call';
import { useFormWrite } from '../../ui/form/form';
import { cartKeys } from '../cart/queries';
import { enquiryKeys } from './queries';

const CALL = { send: 'enquirySend', end: 'enquiryEnd', cancel: 'enquiryCancel', anew: 'enquiryAnew', delete: 'enquiryDelete' } as const;

/**
 * One move of the buyer's enquiry (发送询价, 结束询价, 取消询价, 重新询价, 删除): every enquiry
 * query is fetched again, and the enquiry (unless deleted) takes the answer.
 */
export const useEnquiryMove = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: Exclude<EnquiryAction, 'update'>; id: number }) => request('post', CALL[action], { id }, undefined, { silent: true }),
    onSuccess: (r, { action, id }) => {
      void qc.invalidateQueries({ queryKey: enquiryKeys.all() });
      if (action !== 'delete') qc.setQueryData(enquiryKeys.detail(id), r as EnquiryDetail);
    },
  });
};

/** 采纳: the quotes go into the cart's 询价报价 tab; the cart and the enquiry are fetched again. */
export const useAcceptQuotes = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ quoteIds }: { quoteIds: number[]; enquiryId: number }) => request('post', 'quoteAccept', { quote_ids: quoteIds }, undefined, { silent: true }),
    onSuccess: (_r, { enquiryId }) => {
      void qc.invalidateQueries({ queryKey: cartKeys.all() });
      void qc.invalidateQueries({ queryKey: enquiryKeys.detail(enquiryId) });
    },
  });
};

/**
 * 发布询价 / 保存草稿, or with `editingId` 保存修改 (and with `send`, 发送 of a draft after it),
 * under the draft's Idempotency-Key. The enquiry takes the answer; every enquiry query is fetched again.
 */
export const usePublishEnquiry = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ editingId, body, send, key }: { editingId?: number; body: Omit<PayloadIn<'enquiryAdd'>, 'send'>; send: boolean; key: string }) => {
      if (editingId !== undefined) {
        let saved = await request('put', 'enquiryUpdate', { id: editingId, ...body }, undefined, { silent: true, idempotencyKey: key });
        if (send && saved.actions.includes('send')) saved = await request('post', 'enquirySend', { id: saved.id }, undefined, { silent: true });
        return saved;
      }
      return request('post', 'enquiryAdd', { ...body, send }, undefined, { silent: true, idempotencyKey: key });
    },
    onSuccess: (saved) => {
      qc.setQueryData(enquiryKeys.detail(saved.id), saved);
      void qc.invalidateQueries({ queryKey: enquiryKeys.all() });
    },
  });
};

/** 询价 from OE results, sent to the chosen sellers under the dialog's Idempotency-Key. */
export const useAskSellers = () => useKeyedCall('enquiryAdd', { invalidate: [enquiryKeys.all()], refetch: 'background' });

/** A seller's quote of one line (or 无货); the seller's view of the enquiry takes it. */
export const useSubmitQuote = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ enquiryId, lineId, quote, key }: { enquiryId: number; lineId: number; quote: Omit<PayloadIn<'quoteSubmit'>, 'enquiry_id' | 'line_id'>; key: string }) =>
      request('post', 'quoteSubmit', { enquiry_id: enquiryId, line_id: lineId, ...quote }, undefined, { silent: true, idempotencyKey: key }),
    onSuccess: (r, { enquiryId, lineId }) => {
      qc.setQueryData(enquiryKeys.sellerView(enquiryId), (old: EnquiryDetail | undefined) =>
        old && { ...old, quotes: [...old.quotes.filter((x) => x.line_id !== lineId), r] });
      // a new quote may have used one of the day's quotes (docs/money.md#paid-services)
      void qc.invalidateQueries({ queryKey: enquiryKeys.allowance() });
    },
    onError: () => void qc.invalidateQueries({ queryKey: enquiryKeys.allowance() }),
  });
};

/** 无货 on the seller's inquiry card in chat; the seller's view of the enquiry is fetched again. */
export const useAnswerNoStock = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ enquiryId, lineId, key }: { enquiryId: number; lineId: number; key: string }) =>
      request('post', 'quoteSubmit', { enquiry_id: enquiryId, line_id: lineId, no_stock: true, price: null }, undefined, { silent: true, idempotencyKey: key }),
    onSuccess: (_r, { enquiryId }) => qc.invalidateQueries({ queryKey: enquiryKeys.sellerView(enquiryId) }),
  });
};

/** 报价 from the chat composer (sendIMQuoteMsg), under the dialog's Idempotency-Key. */
export const useQuoteInChat = () => useKeyedCall('sendIMQuoteMsg');

/** Saves the 报价规则 (the page's form, useForm().submit); the rules are read again. */
export const useQuoteRulesWrite = () => useFormWrite('quoteRulesSave', { invalidate: [enquiryKeys.rules()] });
