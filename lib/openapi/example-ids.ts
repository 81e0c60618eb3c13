import { RATE_PLANS } from "./example-prices";

/** The ids of the story, in the real formats (lib/ids.ts). Requests name the Double, the booking, the endpoint and its delivery. */
export const EXAMPLE_IDS = {
  property: "prop_5f3k9q2m8x1c7v4b6n0t",
  apiKey: "key_8d2m4q7x1c9v3b5n6t0k",
  single: "rt_z7kd74pfe7rhkz36hg5j",
  double: "rt_2b6n0t5f3k9q2m8x1c7v",
  suite: "rt_nervs3ve5rnwnehqz19n",
  booking: "bk_5f3k9q2m8x1c7v4b6n0t",
  newerBooking: "bk_a8eybb8rjkvehmnnzahb",
  group: "grp_3q9m2k7x5c8v1b4n6t0d",
  newerGroup: "grp_7k2m9q4x1c8v5b3n6t0h",
  groupSuite: "bk_9d4m7q2x6c1v8b3n5t0k",
  groupDouble: "bk_h3n8t1v6c9x2m5q7k4b0",
  webhookEndpoint: "whe_3m8x1c7v4b6n0t5f3k9q",
  webhookDelivery: "whd_7c1x9m4q2k8v3b6n5t0p",
  createdEvent: "evt_7k2m9q4x1c8v3b6n5t0p",
  changedEvent: "evt_q4c8v1m7x2k9b3n6t5p0",
  cancelledEvent: "evt_8whsm6j49c5fwycbj2k9",
  ariEvent: "evt_2n6t0k9q4m8x3c7v1b5d",
  anonymisedEvent: "evt_5c9v2b7n4m1x8k3q6t0d",
  groupAnonymisedEvent: "evt_6d1m8q3x7c2v9b4n5t0k",
  standardPlan: RATE_PLANS.standard.id,
  nonRefundablePlan: RATE_PLANS.nonRefundable.id,
} as const;

