import { BOOKING_MANAGEMENT_COVERS, PRICING_AVAILABILITY_COVERS } from './permissions';

export type Slide = { title: string; paragraphs: string[]; points?: string[] };

/** The four slides of the "Learn more" dialog on /host/teams, and the sections of /learn-more. */
export const SLIDES: Slide[] = [
  {
    title: 'What is a co-host team?',
    paragraphs: [
      'A team is a group of your cars and the co-hosts you trust to help run them. You choose which cars are in the team and what your co-hosts may do with them.',
      'A team is not active until at least one co-host has been approved, that is, has accepted your invitation.',
    ],
  },
  {
    title: 'Booking management, pricing and availability',
    paragraphs: ['Booking management is always included. It covers:'],
    points: BOOKING_MANAGEMENT_COVERS,
  },
  {
    title: 'Invitations',
    paragraphs: [
      'Invite co-hosts by email. Each invitee gets a link to a page where they see the team, its cars and what they may do, and can accept or decline.',
      'A link works once and for seven days. You can resend an invitation (the old link stops working) or withdraw it, and remove a co-host at any time.',
    ],
  },
  {
    title: 'Splitting the earnings',
    paragraphs: [
      'You can offer each co-host a share of the earnings of the team’s cars, in percent, with the invitation, and change it later in the team’s settings.',
      'The shares of all co-hosts together never exceed 100%; you keep the rest. Each co-host’s part shows in their own transaction history.',
    ],
  },
];

/** The second slide's other half: what the optional set adds. */
export const PRICING_NOTE = `Pricing and availability is optional: ${PRICING_AVAILABILITY_COVERS.join(', ').toLowerCase()}.`;
