//! Demo photos, drawn here rather than downloaded (no network): a side view of the car in its
//! body style and colour, in three scenes, as SVG. Stored through the files capability like
//! any upload, so the web app shows them exactly as it will show hosts' photos.

/// Paint colours, picked by car number.
const PAINTS: &[(&str, &str)] = &[
    ("#c8102e", "#8e0b20"),
    ("#1f4e9c", "#143468"),
    ("#f2f2f2", "#bdbdbd"),
    ("#222222", "#000000"),
    ("#7a7f86", "#4d5157"),
    ("#0b6e4f", "#074833"),
    ("#e0a526", "#a8791a"),
    ("#5b2a86", "#3d1c5a"),
];

/// Backgrounds of the three scenes: sky top, sky bottom, ground.
const SCENES: &[(&str, &str, &str)] = &[
    ("#8ec5ff", "#e6f2ff", "#6b6f76"),
    ("#ffb36b", "#ffe2c2", "#5a5d63"),
    ("#1c2a4a", "#3b4f7a", "#2b2d31"),
];

fn escape(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '&' => "&amp;".to_owned(),
            '<' => "&lt;".to_owned(),
            '>' => "&gt;".to_owned(),
            '"' => "&quot;".to_owned(),
            '\'' => "&apos;".to_owned(),
            c => c.to_string(),
        })
        .collect()
}

/// The body outline (SVG path) of a body style, on a 960x640 canvas, wheels at y 470.
fn body_path(style: &str) -> &'static str {
    match style {
        "suv" | "minivan" | "van" => {
            "M150 470 L150 330 Q160 300 200 295 L300 290 L360 200 Q375 185 400 185 L700 185 Q735 185 750 215 L800 300 Q830 305 830 330 L830 470 Z"
        }
        "truck" => {
            "M140 470 L140 330 Q150 300 190 298 L290 295 L340 205 Q352 190 375 190 L520 190 L530 300 L840 300 L840 470 Z"
        }
        "convertible" => {
            "M140 470 L140 360 Q150 330 200 325 L360 315 L420 300 L610 300 L680 318 L800 330 Q840 340 840 370 L840 470 Z"
        }
        "coupe" => {
            "M140 470 L140 360 Q150 330 200 325 L330 315 L420 235 Q440 222 470 222 L600 222 Q640 222 665 250 L720 318 L800 330 Q840 340 840 370 L840 470 Z"
        }
        "hatchback" | "wagon" => {
            "M150 470 L150 350 Q160 320 210 315 L320 305 L390 225 Q405 210 430 210 L730 210 Q760 210 775 240 L810 320 Q835 330 835 360 L835 470 Z"
        }
        _ => {
            "M140 470 L140 360 Q150 330 200 325 L320 312 L400 230 Q418 215 445 215 L610 215 Q650 215 675 245 L740 318 L810 330 Q845 340 845 370 L845 470 Z"
        }
    }
}

/// One photo: `scene` 0, 1 or 2.
pub fn car_svg(n: u32, year: i32, make: &str, model: &str, style: &str, scene: usize) -> String {
    let (paint, shade) = PAINTS[n as usize % PAINTS.len()];
    let (sky, horizon, ground) = SCENES[scene % SCENES.len()];
    let label = escape(&format!("{year} {make} {model}"));
    let glass = if style == "convertible" { "none" } else { "#9fc3e6" };
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 960 640" role="img" aria-label="{label}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{sky}"/><stop offset="1" stop-color="{horizon}"/></linearGradient>
<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{paint}"/><stop offset="1" stop-color="{shade}"/></linearGradient></defs>
<rect width="960" height="640" fill="url(#sky)"/><rect y="480" width="960" height="160" fill="{ground}"/>
<ellipse cx="490" cy="520" rx="380" ry="22" fill="#000" opacity="0.25"/>
<path d="{body}" fill="url(#paint)" stroke="{shade}" stroke-width="4"/>
<path d="{body}" fill="{glass}" opacity="0.55" clip-path="inset(0 0 62% 0)"/>
<rect x="150" y="395" width="690" height="10" fill="#fff" opacity="0.18"/>
<circle cx="285" cy="470" r="62" fill="#1b1b1b"/><circle cx="285" cy="470" r="30" fill="#9a9ea5"/>
<circle cx="700" cy="470" r="62" fill="#1b1b1b"/><circle cx="700" cy="470" r="30" fill="#9a9ea5"/>
<text x="480" y="600" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="34" fill="#fff">{label}</text>
</svg>"##,
        body = body_path(style)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn photos_are_svg_with_the_car_named_and_text_escaped() {
        let svg = car_svg(3, 2023, "Mercedes-Benz", "<C & Class>", "sedan", 1);
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("2023 Mercedes-Benz &lt;C &amp; Class&gt;"));
        assert!(!svg.contains("<script"));
        assert_ne!(car_svg(1, 2023, "A", "B", "suv", 0), car_svg(1, 2023, "A", "B", "truck", 0));
        assert_ne!(car_svg(1, 2023, "A", "B", "suv", 0), car_svg(1, 2023, "A", "B", "suv", 2));
    }
}
