import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TicketModal } from '../components/ticket-modal';
import { CANCELLATION as C, LONG_TERM, MINIMUM_AGE, FEES, dollars } from '../lib/policy';
import { EMAIL_REPLY_HOURS, SUPPORT_TIME_ZONE_LABEL, channelStatus, hoursLabel, type Channel } from '../lib/support-hours';
import { useTitle } from '../lib/use-title';
import '../pages.css';

type QA = { q: string; a: React.ReactNode };

const FAQ: { topic: string; items: QA[] }[] = [
  {
    topic: 'Booking and trips',
    items: [
      { q: 'Who can rent a car?', a: `Verified members ${MINIMUM_AGE} or older with a valid US driving licence. Before a first trip you upload your licence (front and back) and a selfie.` },
      { q: 'Can the car be delivered?', a: 'Yes, where the host offers delivery: pick an address on the car page and the delivery fee is added to the price. Our captains bring the car and collect it at the end.' },
      { q: 'How do I cancel?', a: <>From your trip. Cancelling more than {C.fullRefundHoursBeforeStart} hours before the start, or within {C.graceHoursAfterBooking} hour of booking, refunds everything; later, {C.lateRefundPercent}%. See the <Link to="/terms/cancellation">cancellation policy</Link>.</> },
      { q: 'What if I return the car late?', a: 'Up to 29 minutes late costs nothing. From 30 minutes, half a daily rate; from 2 hours, a full daily rate and a late fee. Ask the host for an extension before the end instead.' },
    ],
  },
  {
    topic: 'Payments',
    items: [
      { q: 'How do I pay?', a: 'In US dollars by major credit or debit card. Many trips let you pay later: $0 is due when you book and your card is charged before the trip.' },
      { q: 'Why is there a hold on my card?', a: 'A pre-authorization hold covers incidentals. It is released within 5 days after the trip, or 30 days when damage or fees are being assessed.' },
      { q: 'Do long rentals cost less?', a: `Trips of ${LONG_TERM.minDays} days or more are priced per month, with up to ${LONG_TERM.maxDiscountPercent}% off.` },
    ],
  },
  {
    topic: 'Protection and damage',
    items: [
      { q: 'Which protection plan should I pick?', a: <>Standard is chosen for you; Minimum costs less with a higher deductible; declining leaves you responsible for all damage. Compare them on the <Link to="/terms/owner/protectionplans">protection plans</Link> page.</> },
      { q: 'Something happened to the car. What now?', a: 'Take photos, tell the host in the trip messages and create a service ticket below. Report a theft to the police within 24 hours; claims are filed within 48 hours after the return.' },
      { q: 'Can I smoke in the car?', a: `No. Smoking is fined ${dollars(FEES.smoking)}, and a car returned dirty is charged a cleaning fee.` },
    ],
  },
  {
    topic: 'Your account',
    items: [
      { q: 'I forgot my password.', a: <>Reset it with a code sent to your email on the <Link to="/reset-password">reset password</Link> page.</> },
      { q: 'How do I join Upcar?', a: 'Upcar is for verified professionals: sign up with an invitation code, or with your work email or a link to your professional profile.' },
      { q: 'How do I list my car?', a: <>Start on <Link to="/host/become-host">List your car</Link>. Cars must be of model year 2012 or newer with fewer than 130,000 miles.</> },
    ],
  },
];

/** Re-renders every minute, so "open now" follows the clock. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(t);
  }, []);
  return now;
}

function Status({ channel, now }: { channel: Channel; now: Date }) {
  const s = channelStatus(channel, now);
  return (
    <span className={`pg-open-status ${s.open ? 'pg-open-status--open' : 'pg-open-status--closed'}`} data-testid={`status-${channel}`}>
      {s.text}
    </span>
  );
}

/** /help: Contact Us (spec 000 sections 2.4, 4.8, 9): support hours and whether support is open now, FAQs, and the service ticket. */
export default function HelpRoute() {
  useTitle('Help and contact');
  const now = useNow();
  const [ticketOpen, setTicketOpen] = useState(false);
  return (
    <main id="main" className="page pg-doc pg-doc--single">
      <h1>Contact Us</h1>
      <p className="pg-doc__lead">Questions about a trip, a car or your account? Find an answer below, or create a service ticket and our team will get back to you.</p>

      <section aria-labelledby="hours-title" className="panel">
        <h2 id="hours-title">Support hours</h2>
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Support hours">
          <table className="pg-policy-table">
            <caption className="sr-only">Support hours by channel, in {SUPPORT_TIME_ZONE_LABEL}</caption>
            <thead>
              <tr>
                <th scope="col">Channel</th>
                <th scope="col">Hours ({SUPPORT_TIME_ZONE_LABEL})</th>
                <th scope="col">Now</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Messaging and tickets</th>
                <td>{hoursLabel('messaging')}</td>
                <td>
                  <Status channel="messaging" now={now} />
                </td>
              </tr>
              <tr>
                <th scope="row">Phone</th>
                <td>{hoursLabel('phone')}</td>
                <td>
                  <Status channel="phone" now={now} />
                </td>
              </tr>
              <tr>
                <th scope="row">Email</th>
                <td>Any day</td>
                <td>Replies within {EMAIL_REPLY_HOURS} hours</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>You can create a ticket at any time; outside the hours it is answered when support opens.</p>
        <button type="button" className="btn btn--primary" onClick={() => setTicketOpen(true)}>
          Create a service ticket
        </button>
      </section>

      <section aria-labelledby="faq-title">
        <h2 id="faq-title">Frequently asked questions</h2>
        {FAQ.map((group) => (
          <div key={group.topic} className="pg-help-faq">
            <h3>{group.topic}</h3>
            {group.items.map((item) => (
              <details key={item.q} className="pg-help-faq__item">
                <summary>{item.q}</summary>
                <p>{item.a}</p>
              </details>
            ))}
          </div>
        ))}
      </section>

      <section aria-labelledby="policies-title">
        <h2 id="policies-title">Policies</h2>
        <ul>
          <li>
            <Link to="/terms/conditions">Terms and conditions</Link>
          </li>
          <li>
            <Link to="/terms/cancellation">Cancellation policy</Link>
          </li>
          <li>
            <Link to="/terms/owner/protectionplans">Protection plans</Link>
          </li>
          <li>
            <Link to="/aboutus">About Upcar</Link>
          </li>
        </ul>
      </section>

      {ticketOpen && <TicketModal onClose={() => setTicketOpen(false)} />}
    </main>
  );
}
