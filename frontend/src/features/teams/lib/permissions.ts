/** What each permission set covers (spec 001 section 6), shown on the create and permissions pages. */
export const BOOKING_MANAGEMENT_COVERS = [
  'Check-in and checkout',
  'Booking photos',
  'Support contact',
  'Guest messaging',
  'Notifications',
  'Responding to requests',
  'Invoices',
  'Viewing bookings and history',
];

export const PRICING_AVAILABILITY_COVERS = ['View and update pricing', 'Discounts', 'Availability', 'Calendar'];

export const FULL_EDITING_COVERS = ['Everything in pricing and availability', 'Editing the listing: details, photos and extras'];
