import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CANCELLATION, DEADLINES, FEES, MINIMUM_AGE, ROADSIDE, VEHICLE, WEAR, dollars } from '../lib/policy';

export type TermsSection = { id: string; n?: number; title: string; body: ReactNode };

const C = CANCELLATION;
const D = DEADLINES;

/**
 * The terms of service (spec 002 section 2: eighteen numbered sections with these anchors, then
 * unnumbered ones), written from the rules of spec 002 section 6 and the policy constants of
 * section 9. The anchors are the spec's, so links into the terms keep working.
 */
export const TERMS_SECTIONS: TermsSection[] = [
  {
    id: 'definitions',
    n: 1,
    title: 'Definitions',
    body: (
      <>
        <p>In these terms, &ldquo;Upcar&rdquo;, &ldquo;we&rdquo; and &ldquo;us&rdquo; mean the Upcar marketplace, its website and its apps.</p>
        <ul>
          <li><strong>Guest</strong> or <strong>renter</strong>: a member who books a vehicle.</li>
          <li><strong>Host</strong>, <strong>owner</strong> or <strong>Upper</strong>: a member who lists a vehicle, and the co-hosts the owner lets manage it.</li>
          <li><strong>Captain</strong>: a person who delivers a vehicle to a guest or collects it at the end of a trip.</li>
          <li><strong>Trip</strong>: the rental of one vehicle from its start time to its end time, as booked or as later changed.</li>
          <li><strong>Rental price</strong>: what the guest pays for a trip, with its extras, fees, protection and taxes, as shown before booking.</li>
          <li><strong>Commission</strong>: the part of the rental price Upcar keeps for running the marketplace.</li>
          <li><strong>Protection plan</strong>: the physical damage protection a guest chooses for a trip (see section 10).</li>
          <li><strong>Incidentals</strong>: charges that arise during or after a trip, such as late return, fuel, tolls, tickets, cleaning or smoking fees.</li>
        </ul>
        <p>
          Upcar is a <strong>facilitator</strong>, not a party to the rental. The rental is between the guest and the owner. Upcar sets the rental price shown to guests from the owner&apos;s rates,
          collects the payment, keeps its commission and pays the owner.
        </p>
      </>
    ),
  },
  {
    id: 'user-access',
    n: 2,
    title: 'Membership and access',
    body: (
      <>
        <p>
          Upcar is for <strong>verified professionals only</strong>. Joining needs an invitation code or professional information: a work email address or a link to a professional profile.
          We may refuse a sign-up that does not meet this rule.
        </p>
        <p>Guests and owners must be at least {MINIMUM_AGE} years old. You may hold one account, must give true and current information, and must keep your password and sign-in codes to yourself.</p>
        <p>You are responsible for what is done with your account. Tell us at once through the <Link to="/help">help page</Link> if you think someone else has used it.</p>
      </>
    ),
  },
  {
    id: 'vehicle-listing',
    n: 3,
    title: 'Listing a vehicle',
    body: (
      <>
        <p>An owner may list a vehicle that:</p>
        <ul>
          <li>is of model year {VEHICLE.minModelYear} or newer and has fewer than {VEHICLE.maxMiles.toLocaleString('en-US')} miles;</li>
          <li>has at least four wheels, a clean title, a current registration and insurance, and is in good mechanical and cosmetic condition;</li>
          <li>is shown with photos of all four sides and described accurately, features and extras included.</li>
        </ul>
        <p>
          The owner keeps the listing&apos;s availability, delivery options and rates up to date and honours the trips booked from it. Listings are reviewed before they are published; we may
          decline or remove a listing that does not meet these terms.
        </p>
      </>
    ),
  },
  {
    id: 'identity-verification',
    n: 4,
    title: 'Identity and driver verification',
    body: (
      <>
        <p>Before a first trip a guest must have:</p>
        <ul>
          <li>a valid US driving licence, with photos of its front and back;</li>
          <li>a verified identity: the licence photos and a selfie with a head-turn video;</li>
          <li>a clean driving record: no major violations and no alcohol or drug offences in the last 3 years, and no alcohol- or drug-related incidents in the last 7 years;</li>
          <li>a payment method on file and no unpaid balance with Upcar.</li>
        </ul>
        <p>
          We may ask for a proof of address dated within the last {D.proofOfAddressMonths} months, and for a photo of the guest&apos;s insurance, which must then be uploaded before the trip
          starts. Verification can be repeated at any time; a member who fails it cannot book or list.
        </p>
      </>
    ),
  },
  {
    id: 'rental-process',
    n: 5,
    title: 'The rental process',
    body: (
      <>
        <p>
          A booking is confirmed automatically when the vehicle offers instant booking, or once the owner accepts the request. An extension of a trip needs the owner&apos;s approval. The
          rental agreement is signed automatically once the check-in and check-out records exist.
        </p>
        <p>
          At check-in and at check-out the guest (or the captain, for a delivery) takes photos of the vehicle&apos;s exterior and interior within {D.checkPhotosMinutes} minutes of the
          handover. Photos are kept for {D.photosKeptYears} years and are the evidence of the vehicle&apos;s condition.
        </p>
        <h3>Delivery</h3>
        <p>
          A vehicle can be delivered to the guest&apos;s address, an airport or a hotel within the owner&apos;s delivery range, and collected at the end of the trip. Delivery is charged by the
          mile each way; an address within a quarter mile of the vehicle is not a delivery. If the designated parking space is not available at the return, the guest pays for{' '}
          {ROADSIDE.parkingHours} hours of parking nearby; parking fees are the guest&apos;s for up to {ROADSIDE.parkingFeeHours} hours.
        </p>
        <h3>Returning late</h3>
        <ul>
          <li>0 to 29 minutes late: no charge.</li>
          <li>30 minutes to under 2 hours: half the trip&apos;s average daily rate, and possibly a {dollars(FEES.improperReturn)} improper return fee.</li>
          <li>2 to 24 hours: one daily rate plus a {dollars(FEES.lateReturn)} late fee, and possibly the {dollars(FEES.improperReturn)} improper return fee.</li>
          <li>More than 24 hours: the vehicle is treated as stolen, and the daily rate is charged for every late day.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'communication-platform',
    n: 6,
    title: 'Communication on the platform',
    body: (
      <>
        <p>
          Guests, owners and co-hosts talk through the messages of each booking, so support can see what was agreed if a question arises. Do not ask for or make payments outside Upcar, and
          do not share another member&apos;s contact details.
        </p>
        <p>
          Support answers messages and service tickets Monday to Friday, 9 AM to 8 PM, and phone calls Monday to Friday, 10 AM to 5 PM (Pacific Time); email is answered within 24 hours.
          See the <Link to="/help">help page</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'cancellation-of-a-rental',
    n: 7,
    title: 'Cancellation of a rental',
    body: (
      <>
        <p>When a guest cancels:</p>
        <ul>
          <li>within {C.graceHoursAfterBooking} hour of booking: free, a full refund;</li>
          <li>more than {C.fullRefundHoursBeforeStart} hours before the start: a full refund;</li>
          <li>
            {C.fullRefundHoursBeforeStart} hours or less before the start: a {C.lateRefundPercent}% refund, and the owner earns {C.lateOwnerEarningsPercent}% of the trip;
          </li>
          <li>after the start, or a no-show: no refund, and the owner earns {C.afterStartOwnerEarningsPercent}%.</li>
        </ul>
        <p>
          When an owner cancels, the guest is refunded in full. An owner&apos;s cancellation rate (cancellations over bookings) above {C.hostPenaltyBandPercent}% falls in the penalty band; the
          threshold is {C.hostThresholdPercent}%, above which we may suspend the owner&apos;s listings.
        </p>
        <p>
          A cancellation can be disputed within {C.disputeHoursAfterCancellation} hours; the owner&apos;s payout for it becomes final {C.payoutFinalHoursAfterCancellation} hours after the
          cancellation. The full policy is on the <Link to="/terms/cancellation">cancellation policy</Link> page.
        </p>
      </>
    ),
  },
  {
    id: 'insurance-damages',
    n: 8,
    title: 'Insurance, damage and claims',
    body: (
      <>
        <p>
          The owner keeps the vehicle insured. The guest is responsible for damage to the vehicle during the trip up to the limit of the protection plan chosen (section 10), and for all of it
          when protection was declined.
        </p>
        <ul>
          <li>Claims and incident reports are filed within {D.claimHoursAfterReturn} hours after the vehicle is returned; evidence is uploaded within {D.evidenceUploadHours} hours.</li>
          <li>A theft is reported to the police within {D.theftPoliceReportHours} hours.</li>
          <li>Damage found later can be added to a claim within {D.supplementalDamageDays} days of the payment.</li>
          <li>Storage fees of a damaged vehicle are charged for no more than {D.storageFeeMaxHours} hours.</li>
        </ul>
        <p>
          Normal wear is not damage: a bumper dent under {WEAR.bumperDentInches} inches, a scratch under {WEAR.scratchInches} inches, a paint dent of {WEAR.paintDentInches} inches or less,
          and up to {WEAR.windshieldChips} small windshield chips.
        </p>
      </>
    ),
  },
  {
    id: 'additional-guidelines',
    n: 9,
    title: 'Use of the vehicle',
    body: (
      <>
        <p>Only the guest and the additional drivers added to the trip may drive. The vehicle may not be used:</p>
        <ul>
          <li>for anything illegal, for racing, off-road driving or towing;</li>
          <li>by a driver under the influence of alcohol or drugs;</li>
          <li>to carry passengers or goods for hire, or to sublet it;</li>
          <li>outside the United States.</li>
        </ul>
        <p>
          Fuel or charge, tolls, parking and traffic tickets incurred during the trip are the guest&apos;s and are passed on as incidentals. Smoking in the vehicle is fined{' '}
          {dollars(FEES.smoking)}. A vehicle returned unreasonably dirty is charged a cleaning fee of {dollars(FEES.cleaning)} plus {FEES.cleaningProcessingPercent}% processing; support
          assesses cleaning claims.
        </p>
        <p>
          Roadside assistance: towing or service is reimbursed within {ROADSIDE.reimbursedMiles} miles. Tyres worn more than {ROADSIDE.tyreWearPercent}% are not reimbursed.
        </p>
      </>
    ),
  },
  {
    id: 'deductible-protection',
    n: 10,
    title: 'Protection plans and deductibles',
    body: (
      <>
        <p>
          Each trip carries a protection plan chosen at checkout: Standard (the default), Minimum, or Decline (labelled High Risk), with which the guest is responsible for all damage. A
          plan&apos;s price is a share of the trip price and its deductible is the most the guest pays for covered damage.
        </p>
        <p>Drivers under 25 cannot decline protection. The plans, their prices and what they cover are on the <Link to="/terms/owner/protectionplans">protection plans</Link> page.</p>
      </>
    ),
  },
  {
    id: 'payment-admin',
    n: 11,
    title: 'Payments',
    body: (
      <>
        <p>
          Prices are in US dollars and paid by major credit or debit card. Upcar collects payments through a connected-account payment service and a second payment service, and pays owners
          through them. Where a trip allows paying later, nothing is due at booking and the card is charged before the trip starts, on the date shown at checkout.
        </p>
        <p>
          A pre-authorization hold is placed on the guest&apos;s card and released within {D.holdReleaseDays} days after the trip, or within {D.holdReleaseWithDamageDays} days when damage or
          fees are being assessed.
        </p>
        <p>
          Upcar keeps its commission and pays the owner the rest. Owners are paid in a month only when they are owed more than {dollars(FEES.payoutMinimum)}; a smaller amount rolls over to the
          next month.
        </p>
      </>
    ),
  },
  {
    id: 'financial-terms',
    n: 12,
    title: 'Financial terms',
    body: (
      <>
        <p>
          Guests pay the rental price shown at checkout; fees are listed with a plain-language reason in the price breakdown, and nothing is added that was not shown. Drivers aged 21 to 24
          pay a young driver fee per day.
        </p>
        <p>
          A charge can be disputed within {D.paymentDisputeHours} hours, or within {D.paymentDisputeWithDamageDays} days when it concerns damage. A member with an unpaid balance cannot book
          until it is paid.
        </p>
      </>
    ),
  },
  {
    id: 'availability',
    n: 13,
    title: 'Availability of the service',
    body: (
      <p>
        We work to keep Upcar available but do not promise that it, or any vehicle, will be available at a given time. Owners decide when their vehicles can be booked; a trip can start at most
        365 days ahead. We may change, pause or end features of the service.
      </p>
    ),
  },
  {
    id: 'personal-data',
    n: 14,
    title: 'Personal data',
    body: (
      <>
        <p>
          We collect what we need to run the marketplace: your account details, licence and identity documents (stored privately and shown only to you and our staff), payment details (held by
          the payment services), trip photos, messages, and how the app is used.
        </p>
        <p>
          We use them to verify members, run trips, settle payments and claims, keep the marketplace safe and improve it. We share a guest&apos;s first name, verification badges and tier
          with the owner of a booked vehicle, and what a payment service or the law requires. We do not sell personal data. You can ask support for a copy of your data or to close your
          account.
        </p>
      </>
    ),
  },
  {
    id: 'exclusion',
    n: 15,
    title: 'Exclusion list and suspension',
    body: (
      <p>
        Upcar keeps an exclusion list. A member on it cannot rent or list vehicles, and we may suspend any member without notice for a breach of these terms or to protect others. While an
        account is suspended, its listings leave search and its trips that have not started are cancelled under the cancellation policy. Contact support to ask about a suspension.
      </p>
    ),
  },
  {
    id: 'arbitration',
    n: 16,
    title: 'Changes to these terms and arbitration',
    body: (
      <>
        <p>
          We may change these terms and will tell members before a change applies. If you do not accept a change, you may close your account within{' '}
          {D.closeAccountAfterTermsChangeDays} days; using Upcar after that means you accept it.
        </p>
        <p>
          Disputes with Upcar are settled by binding individual arbitration: claims up to {dollars(FEES.arbitrationSmallClaims)} through an online arbitration provider, larger claims through
          a national arbitration association in San Francisco. You may opt out of arbitration by telling us within {D.arbitrationOptOutDays} days of creating your account.
        </p>
      </>
    ),
  },
  {
    id: 'disclaimer',
    n: 17,
    title: 'Disclaimer',
    body: (
      <p>
        Upcar provides the marketplace as it is. The vehicles are the owners&apos;, and owners and guests are responsible for the promises they make to each other. Upcar does not inspect every
        vehicle and is not liable for its condition beyond what these terms say, nor for a member&apos;s acts.
      </p>
    ),
  },
  {
    id: 'governing-law',
    n: 18,
    title: 'Intellectual property and governing law',
    body: (
      <>
        <p>
          The Upcar name, logo, apps and content are ours. Photos and descriptions you upload stay yours; you let us show them on Upcar and in its promotion while your listing or review is
          published.
        </p>
        <p>These terms are governed by the laws of the State of California.</p>
      </>
    ),
  },
];

/** The unnumbered sections that follow the eighteen. */
export const MORE_TERMS: TermsSection[] = [
  {
    id: 'child-safety',
    title: 'Prohibition of online child exploitation content',
    body: <p>Content that sexually exploits or endangers children is forbidden anywhere on Upcar. We remove it, close the accounts involved and report it to the authorities.</p>,
  },
  {
    id: 'telematics',
    title: 'Telematics',
    body: <p>Vehicles may carry devices that record location, mileage, fuel or charge and driving events. Owners and Upcar use that data to run trips, find a vehicle and settle claims.</p>,
  },
  {
    id: 'dmca',
    title: 'Copyright notices (DMCA)',
    body: <p>If you believe content on Upcar infringes your copyright, send a notice through the help page naming the work, where it appears, and how to reach you.</p>,
  },
  {
    id: 'indemnification',
    title: 'Indemnification',
    body: <p>You agree to hold Upcar harmless from claims arising from your breach of these terms, your use of a vehicle, or your listing.</p>,
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of liability',
    body: <p>To the extent the law allows, Upcar&apos;s liability to you is limited to the amounts you paid to Upcar in the {DEADLINES.liabilityMonths} months before the claim.</p>,
  },
];
