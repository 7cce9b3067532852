// The loyalty messages without zod: the public verification page (its own small bundle, no zod)
// shows them, and the server's contract (points.ts) re-exports them.

export const POINTS_MSG = {
  points: 'Enter the points to redeem: a whole number from 1.',
  overBalance: (balance: number) => `You have ${balance} points: you cannot redeem more than that.`,
  pending: "Your earlier request is still waiting for the company's approval: you can ask again once it is accepted.",
  notYours: 'Verify a pack with your mobile number first: points are redeemed from the verification that earned them.',
  requested: (points: number) => `Your request to redeem ${points} points has been sent to the company.`,
  accepted: 'Request accepted successfully.',
  alreadyAccepted: 'This request was accepted already.',
  notFound: 'Request not found.',
  remark: 'The remark must be at most 200 characters.',
  feedback: 'Please enter your feedback.',
  feedbackSaved: 'Thank you for your feedback.',
  feedbackNotAsked: 'This product does not take feedback.',
  feedbackGiven: 'Your feedback for this verification was received already.',
  /** A FeedbackId no verification was given (guessed, or from an old page): nothing is written. */
  feedbackUnknown: 'This verification was not found: scan the pack again to give your feedback.',
} as const;
