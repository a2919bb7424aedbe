import { defaultChunking, type ChunkOptions } from './index-chunks';

/** How collections are listed and indexed; tests make every figure small. */
export interface IndexSettings {
  /** A collection of at most this many items is listed inline (no index): 2,000 by default. */
  inlineLimit: number;
  /** One run's work before it queues its own continuation (ms). */
  runBudgetMs: number;
  /** A run stops before GitHub's rate limit leaves fewer than this many requests (or points). */
  rateReserve: number;
  chunking: ChunkOptions;
  /**
   * A translation report (a collection's statuses by locale) asks git history no longer than this
   * (ms) in one request, then answers what it knows, partial: 10 s, as a list's own work.
   */
  reportBudgetMs: number;
}

export const defaultIndexSettings: IndexSettings = {
  inlineLimit: 2000,
  runBudgetMs: 60_000,
  rateReserve: 500,
  chunking: defaultChunking,
  reportBudgetMs: 10_000,
};

/** The settings given, the defaults for the rest. */
export const indexSettingsOf = (given: Partial<IndexSettings> = {}): IndexSettings => ({
  ...defaultIndexSettings,
  ...given,
  chunking: { ...defaultChunking, ...given.chunking },
});
