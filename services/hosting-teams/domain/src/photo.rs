//! Listing photos, judged by their stored bytes, never by their names or declared types: JPEG
//! (FF D8 FF, size from the first SOFn frame header) or PNG (signature and IHDR), at most 20 MB,
//! at least 360 by 360 pixels.

use crate::policy::{PHOTO_MAX_BYTES, PHOTO_MIN_HEIGHT, PHOTO_MIN_WIDTH};
use serde::Serialize;

/// Why a photo was refused; `file` is the name shown to the user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PhotoError {
    #[error("{file} is not a JPEG or PNG image.")]
    NotJpegOrPng { file: String },
    #[error("{file} exceeds the maximum size of 20MB.")]
    TooLarge { file: String },
    #[error("Resolution error for {file}")]
    Resolution { file: String },
}

upcar_errors::error_table! {
    PhotoError {
        PhotoError::NotJpegOrPng { .. } => InvalidInput, "photo_type";
        PhotoError::TooLarge { .. } => InvalidInput, "photo_too_large";
        PhotoError::Resolution { .. } => InvalidInput, "photo_resolution";
    }
}

impl PhotoError {
    /// The text shown to the user (the spec's).
    pub fn message(&self) -> String {
        self.to_string()
    }
}

/// The two accepted image types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PhotoKind {
    Jpeg,
    Png,
}

impl PhotoKind {
    /// The MIME type to store the object under.
    pub fn mime(&self) -> &'static str {
        match self {
            PhotoKind::Jpeg => "image/jpeg",
            PhotoKind::Png => "image/png",
        }
    }
}

/// An accepted photo.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PhotoInfo {
    pub kind: PhotoKind,
    pub width: u32,
    pub height: u32,
    pub bytes: u64,
}

const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];

fn be16(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at + 2)?;
    Some(u32::from(s[0]) << 8 | u32::from(s[1]))
}

fn be32(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at + 4)?;
    Some(u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
}

fn png_size(b: &[u8]) -> Option<(u32, u32)> {
    if b.get(..8)? != PNG_SIGNATURE || be32(b, 8)? != 13 || b.get(12..16)? != b"IHDR" {
        return None;
    }
    Some((be32(b, 16)?, be32(b, 20)?))
}

/// Walks the JPEG markers to the first start-of-frame (SOF0-SOF15 except DHT C4, JPG C8 and
/// DAC CC) and reads its height and width.
fn jpeg_size(b: &[u8]) -> Option<(u32, u32)> {
    if b.get(..3)? != [0xFF, 0xD8, 0xFF] {
        return None;
    }
    let mut i = 2;
    loop {
        if *b.get(i)? != 0xFF {
            return None;
        }
        // Fill bytes: any number of 0xFF before the marker code.
        while *b.get(i)? == 0xFF {
            i += 1;
        }
        let marker = *b.get(i)?;
        i += 1;
        match marker {
            // Markers without a length.
            0x01 | 0xD0..=0xD8 => continue,
            // End of image or start of scan before any frame: no size.
            0xD9 | 0xDA => return None,
            _ => {}
        }
        let len = usize::try_from(be16(b, i)?).ok()?;
        if len < 2 {
            return None;
        }
        if matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC) {
            // length(2) precision(1) height(2) width(2)
            return Some((be16(b, i + 5)?, be16(b, i + 3)?));
        }
        i += len;
    }
}

/// The type and size the bytes declare, if they are a JPEG or PNG whose size can be read.
pub fn sniff(bytes: &[u8]) -> Option<(PhotoKind, u32, u32)> {
    if let Some((w, h)) = png_size(bytes) {
        return Some((PhotoKind::Png, w, h));
    }
    jpeg_size(bytes).map(|(w, h)| (PhotoKind::Jpeg, w, h))
}

/// Checks a stored photo: size first, then type, then resolution. A JPEG or PNG whose size
/// cannot be read (truncated, zero width) counts as not an image.
pub fn check_photo(file: &str, bytes: &[u8]) -> Result<PhotoInfo, PhotoError> {
    check_photo_head(file, bytes.len() as u64, bytes)
}

/// As [`check_photo`] when only the first bytes of the object were read (`head`) and its
/// total length is known; 64 KiB of head is enough for almost every camera JPEG.
pub fn check_photo_head(file: &str, total_len: u64, head: &[u8]) -> Result<PhotoInfo, PhotoError> {
    let file = file.to_string();
    if total_len > PHOTO_MAX_BYTES {
        return Err(PhotoError::TooLarge { file });
    }
    let Some((kind, width, height)) = sniff(head).filter(|(_, w, h)| *w > 0 && *h > 0) else {
        return Err(PhotoError::NotJpegOrPng { file });
    };
    if width < PHOTO_MIN_WIDTH || height < PHOTO_MIN_HEIGHT {
        return Err(PhotoError::Resolution { file });
    }
    Ok(PhotoInfo { kind, width, height, bytes: total_len })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use upcar_errors::ErrorCode;

    fn png(w: u32, h: u32) -> Vec<u8> {
        let mut b = PNG_SIGNATURE.to_vec();
        b.extend_from_slice(&13u32.to_be_bytes());
        b.extend_from_slice(b"IHDR");
        b.extend_from_slice(&w.to_be_bytes());
        b.extend_from_slice(&h.to_be_bytes());
        b.extend_from_slice(&[8, 2, 0, 0, 0]); // depth, colour type, compression, filter, interlace
        b.extend_from_slice(&[0, 0, 0, 0]); // CRC (not checked)
        b
    }

    /// SOI, an APP0 (JFIF) segment, a DQT-like segment, then a SOFn frame header.
    fn jpeg(sof: u8, w: u16, h: u16) -> Vec<u8> {
        let mut b = vec![0xFF, 0xD8];
        b.extend_from_slice(&[0xFF, 0xE0, 0x00, 0x10]);
        b.extend_from_slice(b"JFIF\0");
        b.extend_from_slice(&[1, 1, 0, 0, 1, 0, 1, 0, 0]);
        b.extend_from_slice(&[0xFF, 0xDB, 0x00, 0x04, 0x00, 0x00]);
        b.extend_from_slice(&[0xFF, 0xFF, sof, 0x00, 0x11, 8]); // a fill byte before the marker
        b.extend_from_slice(&h.to_be_bytes());
        b.extend_from_slice(&w.to_be_bytes());
        b.extend_from_slice(&[3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
        b.extend_from_slice(&[0xFF, 0xD9]);
        b
    }

    #[test]
    fn jpeg_and_png_sizes_are_read_from_the_headers() {
        assert_eq!(sniff(&png(640, 480)), Some((PhotoKind::Png, 640, 480)));
        assert_eq!(sniff(&jpeg(0xC0, 1920, 1080)), Some((PhotoKind::Jpeg, 1920, 1080)));
        assert_eq!(sniff(&jpeg(0xC2, 400, 361)), Some((PhotoKind::Jpeg, 400, 361))); // progressive
        // A DHT (C4) is not a frame: the walk goes past it.
        let mut with_dht = vec![0xFF, 0xD8, 0xFF, 0xC4, 0x00, 0x03, 0x00];
        with_dht.extend_from_slice(&jpeg(0xC0, 800, 600)[2..]);
        assert_eq!(sniff(&with_dht), Some((PhotoKind::Jpeg, 800, 600)));
    }

    #[test]
    fn photos_are_checked_by_content() {
        let ok = check_photo("car.png", &png(360, 360)).unwrap();
        assert_eq!((ok.kind.mime(), ok.width, ok.height), ("image/png", 360, 360));
        assert_eq!(check_photo("car.jpg", &jpeg(0xC0, 4000, 3000)).unwrap().kind, PhotoKind::Jpeg);
        let gif = b"GIF89a\x01\x00\x01\x00".to_vec();
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (png(359, 1000), "Resolution error for a.jpg"),
            (jpeg(0xC0, 1000, 359), "Resolution error for a.jpg"),
            (gif, "a.jpg is not a JPEG or PNG image."),
            (Vec::new(), "a.jpg is not a JPEG or PNG image."),
            (png(0, 1000), "a.jpg is not a JPEG or PNG image."),
            (jpeg(0xC0, 800, 600)[..12].to_vec(), "a.jpg is not a JPEG or PNG image."),
            (b"<html>not a photo</html>".to_vec(), "a.jpg is not a JPEG or PNG image."),
        ];
        for (bytes, msg) in cases {
            assert_eq!(check_photo("a.jpg", &bytes).unwrap_err().message(), msg);
        }
    }

    #[test]
    fn size_is_checked_first_and_at_exactly_20_mb() {
        let head = png(1000, 1000);
        assert!(check_photo_head("big.png", 20_971_520, &head).is_ok());
        let err = check_photo_head("big.png", 20_971_521, &head).unwrap_err();
        assert_eq!(err.code(), "photo_too_large");
        assert_eq!(err.message(), "big.png exceeds the maximum size of 20MB.");
        assert_eq!(
            check_photo_head("x", 20_971_521, b"junk").unwrap_err().code(),
            "photo_too_large"
        );
    }

    proptest! {
        #[test]
        fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
            let _ = check_photo("f", &bytes);
        }

        #[test]
        fn random_bytes_after_a_jpeg_start_never_panic(tail in prop::collection::vec(any::<u8>(), 0..300)) {
            let mut b = vec![0xFF, 0xD8, 0xFF];
            b.extend(tail);
            let _ = check_photo("f", &b);
        }

        #[test]
        fn any_png_size_is_read_back(w in 1u32..100_000, h in 1u32..100_000) {
            let r = check_photo("f", &png(w, h));
            prop_assert_eq!(r.is_ok(), w >= 360 && h >= 360);
        }
    }
}
