import type { SuccessBody } from '../../../shared/client/api-client';
import { call } from './client';

export type WebhookList = SuccessBody<'listWebhooks'>;
export type Webhook = WebhookList['webhooks'][number];
export type WebhookCreated = SuccessBody<'createWebhook'>;
export type Delivery = SuccessBody<'listWebhookDeliveries'>['deliveries'][number];

export const listWebhooks = (repo: string) => call('listWebhooks', { params: { repo } });
export const createWebhook = (repo: string, url: string, events: string[]) =>
  call('createWebhook', { params: { repo }, body: { url, events: events as never } });
export const deleteWebhook = (repo: string, hookId: string) =>
  call('deleteWebhook', { params: { repo, hookId } });
export const testWebhook = (repo: string, hookId: string) =>
  call('testWebhook', { params: { repo, hookId } });
export const listDeliveries = (repo: string, hookId: string) =>
  call('listWebhookDeliveries', { params: { repo, hookId } });
