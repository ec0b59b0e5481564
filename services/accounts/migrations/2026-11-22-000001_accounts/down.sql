DROP TABLE email_captures, sent_messages, driver_documents, guest_reviews, favourites, otp_codes, invitation_codes, captains, users;
