import { BOOKING_MANAGEMENT_COVERS, FULL_EDITING_COVERS, PRICING_AVAILABILITY_COVERS } from '../lib/permissions';

export type PermissionChoice = { pricingAndAvailability: boolean; full: boolean };

/**
 * The team's permissions: booking management always on (checked and disabled), pricing and
 * availability optional, full editing optional (it includes pricing and availability).
 */
export function PermissionFields({ value, onChange, disabled }: { value: PermissionChoice; onChange: (v: PermissionChoice) => void; disabled?: boolean }) {
  return (
    <fieldset className="teams-permissions">
      <legend className="field__label">Permissions</legend>
      <div className="teams-permission">
        <label className="field--check teams-check">
          <input type="checkbox" checked disabled aria-describedby="perm-booking-covers" />
          <span>Booking management (always included)</span>
        </label>
        <ul id="perm-booking-covers" className="teams-permission__covers muted">
          {BOOKING_MANAGEMENT_COVERS.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </div>
      <div className="teams-permission">
        <label className="field--check teams-check">
          <input
            type="checkbox"
            checked={value.pricingAndAvailability || value.full}
            disabled={disabled || value.full}
            onChange={(e) => onChange({ ...value, pricingAndAvailability: e.target.checked })}
            aria-describedby="perm-pricing-covers"
          />
          <span>Pricing and availability</span>
        </label>
        <ul id="perm-pricing-covers" className="teams-permission__covers muted">
          {PRICING_AVAILABILITY_COVERS.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </div>
      <div className="teams-permission">
        <label className="field--check teams-check">
          <input type="checkbox" checked={value.full} disabled={disabled} onChange={(e) => onChange({ ...value, full: e.target.checked })} aria-describedby="perm-full-covers" />
          <span>Full editing</span>
        </label>
        <ul id="perm-full-covers" className="teams-permission__covers muted">
          {FULL_EDITING_COVERS.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </div>
    </fieldset>
  );
}

/** The permissions as the server takes them (booking management is always granted). */
export function permissionsBody(v: PermissionChoice) {
  return { bookingManagement: true, pricingAndAvailability: v.pricingAndAvailability || v.full, full: v.full };
}
