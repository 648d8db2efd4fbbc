import { describeRequestFailure, logCallFailure, type RequestFailure } from './errors';
import { fetchCustomer, isSubscriptionActive } from './customer';

/** The outcome of the subscription check before Generate and Load (spec §4). */
export type SubscriptionCheck =
  | { status: 'active' }
  | { status: 'inactive' }
  /** The check itself failed: treated as inactive (spec §8), and said so with a Retry. */
  | { status: 'failed'; failure: RequestFailure | undefined };

/** Reads `subscription.until` of the profile; a failed call is logged and reported, not thrown. */
export async function checkSubscription(): Promise<SubscriptionCheck> {
  try {
    return isSubscriptionActive(await fetchCustomer())
      ? { status: 'active' }
      : { status: 'inactive' };
  } catch (error) {
    logCallFailure('The subscription check', error);
    return { status: 'failed', failure: await describeRequestFailure(error) };
  }
}
