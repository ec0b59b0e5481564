-- A listed car's settings beyond the wizard: discounts, instant booking, guest instructions,
-- extras and the inspection form (host car management, spec 001 section 7).
CREATE TABLE listing_settings (
    listing_id uuid PRIMARY KEY REFERENCES listings (id) ON DELETE CASCADE,
    weekly_discount_pct integer NOT NULL DEFAULT 0 CHECK (weekly_discount_pct BETWEEN 0 AND 50),
    monthly_discount_pct integer NOT NULL DEFAULT 0 CHECK (monthly_discount_pct BETWEEN 0 AND 50),
    instant_booking boolean NOT NULL DEFAULT true,
    guest_instructions text NOT NULL DEFAULT '' CHECK (char_length(guest_instructions) <= 2000),
    -- [{extraId, extraType, description, priceCents, per, isQuantityChoosable, availableQuantity}]
    extras jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(extras) = 'array'),
    inspection_form_url text,
    updated_at timestamptz NOT NULL DEFAULT now()
);
