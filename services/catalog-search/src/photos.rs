//! Demo photos, drawn here rather than downloaded (no network), as SVG: three views of the car
//! (its side in its body style, its front with its make's grille and badge, its cabin), in a
//! paint picked per car. Stored through the files capability like any upload, so the web app
//! shows them exactly as it will show hosts' photos.

use std::fmt::Write;

/// Paints: name, body, shade.
const PAINTS: &[(&str, &str, &str)] = &[
    ("red", "#c8102e", "#8e0b20"),
    ("blue", "#1f4e9c", "#143468"),
    ("white", "#f4f4f2", "#c4c4c0"),
    ("black", "#26282b", "#050505"),
    ("silver", "#b9bec6", "#7f858d"),
    ("green", "#0b6e4f", "#074833"),
    ("yellow", "#e0a526", "#a8791a"),
    ("grey", "#6b7078", "#474b51"),
    ("orange", "#e8641b", "#a94510"),
    ("teal", "#137c8b", "#0b4f59"),
];

/// Cabin trims: seats, dashboard.
const TRIMS: &[(&str, &str)] =
    &[("#2b2b2e", "#1a1a1c"), ("#b48a5f", "#3b3430"), ("#8d9096", "#2f3236")];

/// The three views, in the order the listing shows them.
pub const VIEWS: [&str; 3] = ["side view", "front view", "interior"];

/// A stable number from text (FNV-1a), so a car keeps its paint from one start to the next.
fn hash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

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

/// The paint of a demo car: its number and model pick it, so cars of one make differ.
pub fn paint(n: u32, make: &str, model: &str) -> (&'static str, &'static str, &'static str) {
    PAINTS[(hash(&format!("{make}/{model}/{n}")) % PAINTS.len() as u64) as usize]
}

/// The body outline (SVG path) of a body style, on a 960x640 canvas, wheels at y 470, and its
/// side windows.
fn side_shape(style: &str) -> (&'static str, &'static str) {
    match style {
        "suv" | "minivan" | "van" => (
            "M150 470 L150 330 Q160 300 200 295 L300 290 L360 200 Q375 185 400 185 L700 185 Q735 185 750 215 L800 300 Q830 305 830 330 L830 470 Z",
            "M318 288 L370 205 Q380 196 400 196 L540 196 L540 288 Z M556 196 L695 196 Q722 196 735 220 L775 288 L556 288 Z",
        ),
        "truck" => (
            "M140 470 L140 330 Q150 300 190 298 L290 295 L340 205 Q352 190 375 190 L520 190 L530 300 L840 300 L840 470 Z",
            "M305 292 L350 212 Q358 201 376 201 L508 201 L515 292 Z",
        ),
        "convertible" => (
            "M140 470 L140 360 Q150 330 200 325 L360 315 L420 300 L610 300 L680 318 L800 330 Q840 340 840 370 L840 470 Z",
            "M372 314 L418 280 L430 305 Z",
        ),
        "coupe" => (
            "M140 470 L140 360 Q150 330 200 325 L330 315 L420 235 Q440 222 470 222 L600 222 Q640 222 665 250 L720 318 L800 330 Q840 340 840 370 L840 470 Z",
            "M352 314 L425 244 Q442 232 470 232 L590 232 Q628 232 650 258 L700 314 Z",
        ),
        "hatchback" | "wagon" => (
            "M150 470 L150 350 Q160 320 210 315 L320 305 L390 225 Q405 210 430 210 L730 210 Q760 210 775 240 L810 320 Q835 330 835 360 L835 470 Z",
            "M340 304 L398 232 Q410 221 432 221 L560 221 L560 304 Z M576 221 L725 221 Q750 221 762 246 L790 304 L576 304 Z",
        ),
        _ => (
            "M140 470 L140 360 Q150 330 200 325 L320 312 L400 230 Q418 215 445 215 L610 215 Q650 215 675 245 L740 318 L810 330 Q845 340 845 370 L845 470 Z",
            "M342 310 L405 240 Q420 226 446 226 L540 226 L540 310 Z M556 226 L606 226 Q642 226 664 252 L715 310 L556 310 Z",
        ),
    }
}

/// A wheel with its make's rim: spokes counted from the make, so two makes' wheels differ.
fn wheel(out: &mut String, cx: i32, make: &str) {
    let spokes = [5, 6, 7, 10][(hash(make) % 4) as usize];
    let _ = write!(
        out,
        r##"<circle cx="{cx}" cy="470" r="62" fill="#1b1b1b"/><circle cx="{cx}" cy="470" r="40" fill="#c9ccd1"/>"##
    );
    for k in 0..spokes {
        let a = f64::from(k) * std::f64::consts::TAU / f64::from(spokes);
        let (x, y) = (f64::from(cx) + 36.0 * a.cos(), 470.0 + 36.0 * a.sin());
        let _ = write!(
            out,
            r##"<line x1="{cx}" y1="470" x2="{x:.1}" y2="{y:.1}" stroke="#7d8187" stroke-width="7" stroke-linecap="round"/>"##
        );
    }
    let _ = write!(out, r##"<circle cx="{cx}" cy="470" r="11" fill="#55595f"/>"##);
}

/// The side: the body in its style, windows, door seams, lights, the make's rims, on a street.
fn side(out: &mut String, make: &str, style: &str, paint: (&str, &str, &str)) {
    let (body, windows) = side_shape(style);
    let (_, colour, shade) = paint;
    let glass = if style == "convertible" { "#3a3f47" } else { "#9fc3e6" };
    let _ = write!(
        out,
        r##"<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8ec5ff"/><stop offset="1" stop-color="#e6f2ff"/></linearGradient>
<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{colour}"/><stop offset="1" stop-color="{shade}"/></linearGradient></defs>
<rect width="960" height="640" fill="url(#sky)"/><rect y="300" width="960" height="120" fill="#cfd6de"/>
<rect y="480" width="960" height="160" fill="#6b6f76"/><rect y="555" width="960" height="8" fill="#e9e9e9" opacity="0.6"/>
<ellipse cx="490" cy="522" rx="380" ry="20" fill="#000" opacity="0.28"/>
<path d="{body}" fill="url(#paint)" stroke="{shade}" stroke-width="4"/>
<path d="{windows}" fill="{glass}" stroke="#1d2228" stroke-width="4" opacity="0.9"/>
<line x1="548" y1="320" x2="548" y2="440" stroke="{shade}" stroke-width="3"/>
<rect x="460" y="352" width="36" height="8" rx="4" fill="{shade}"/><rect x="600" y="352" width="36" height="8" rx="4" fill="{shade}"/>
<path d="M820 350 l22 6 l0 22 l-22 -4 Z" fill="#ffe9a8"/><path d="M146 350 l18 -2 l0 26 l-18 2 Z" fill="#d3202f"/>
<rect x="150" y="400" width="690" height="9" fill="#fff" opacity="0.18"/>"##
    );
    wheel(out, 285, make);
    wheel(out, 700, make);
}

/// The grille and badge of a make, centred on x 480, on the front view.
fn grille(out: &mut String, make: &str, shade: &str) {
    let svg = match make {
        "BMW" => {
            r##"<rect x="405" y="352" width="66" height="62" rx="24" fill="#16181b" stroke="#c0c4ca" stroke-width="6"/><rect x="489" y="352" width="66" height="62" rx="24" fill="#16181b" stroke="#c0c4ca" stroke-width="6"/><circle cx="480" cy="326" r="14" fill="#fff" stroke="#1c69d4" stroke-width="6"/>"##
        }
        "Audi" => {
            r##"<path d="M400 346 L560 346 L580 380 L560 440 L400 440 L380 380 Z" fill="#16181b" stroke="#9ea3aa" stroke-width="5"/><g fill="none" stroke="#d7dade" stroke-width="5"><circle cx="444" cy="366" r="12"/><circle cx="466" cy="366" r="12"/><circle cx="488" cy="366" r="12"/><circle cx="510" cy="366" r="12"/></g>"##
        }
        "Tesla" => {
            r##"<path d="M430 430 Q480 446 530 430 L520 446 Q480 456 440 446 Z" fill="#16181b"/><path d="M466 330 Q480 322 494 330 L480 350 Z" fill="#d7dade"/>"##
        }
        "Porsche" => {
            r##"<rect x="300" y="420" width="90" height="30" rx="12" fill="#16181b"/><rect x="420" y="420" width="120" height="30" rx="12" fill="#16181b"/><rect x="570" y="420" width="90" height="30" rx="12" fill="#16181b"/><path d="M470 330 L490 330 L490 352 Q480 360 470 352 Z" fill="#d4a017" stroke="#7a5a00" stroke-width="2"/>"##
        }
        "Jeep" => {
            r##"<g fill="#16181b"><rect x="412" y="350" width="12" height="70" rx="6"/><rect x="432" y="350" width="12" height="70" rx="6"/><rect x="452" y="350" width="12" height="70" rx="6"/><rect x="472" y="350" width="12" height="70" rx="6"/><rect x="492" y="350" width="12" height="70" rx="6"/><rect x="512" y="350" width="12" height="70" rx="6"/><rect x="532" y="350" width="12" height="70" rx="6"/></g>"##
        }
        "Mercedes-Benz" => {
            r##"<rect x="380" y="350" width="200" height="72" rx="14" fill="#16181b" stroke="#c0c4ca" stroke-width="5"/><circle cx="480" cy="386" r="28" fill="none" stroke="#e4e6e9" stroke-width="5"/><path d="M480 358 L480 386 L456 400 M480 386 L504 400" stroke="#e4e6e9" stroke-width="5" fill="none"/>"##
        }
        "Lexus" => {
            r##"<path d="M420 336 L540 336 L570 420 L480 444 L390 420 Z" fill="#16181b" stroke="#a7abb1" stroke-width="5"/><ellipse cx="480" cy="374" rx="24" ry="16" fill="none" stroke="#e4e6e9" stroke-width="4"/>"##
        }
        "Chevrolet" => {
            r##"<rect x="380" y="346" width="200" height="34" rx="8" fill="#16181b"/><rect x="380" y="392" width="200" height="40" rx="8" fill="#16181b"/><path d="M446 372 L470 372 L474 364 L490 364 L486 372 L514 372 L508 390 L484 390 L480 398 L464 398 L468 390 L440 390 Z" fill="#d4a017"/>"##
        }
        "Ford" => {
            r##"<path d="M390 348 L570 348 L560 430 L400 430 Z" fill="#16181b" stroke="#8e939a" stroke-width="4"/><ellipse cx="480" cy="386" rx="40" ry="18" fill="#1b3d8f" stroke="#d7dade" stroke-width="3"/>"##
        }
        "Honda" => {
            r##"<rect x="380" y="356" width="200" height="22" rx="6" fill="#1a1c1f" stroke="#c0c4ca" stroke-width="4"/><rect x="400" y="394" width="160" height="34" rx="10" fill="#16181b"/><path d="M468 360 L468 376 M492 360 L492 376 M468 368 L492 368" stroke="#e4e6e9" stroke-width="4"/>"##
        }
        "Toyota" => {
            r##"<path d="M390 380 L570 380 L548 436 L412 436 Z" fill="#16181b"/><ellipse cx="480" cy="360" rx="24" ry="15" fill="none" stroke="#e4e6e9" stroke-width="4"/><ellipse cx="480" cy="360" rx="9" ry="15" fill="none" stroke="#e4e6e9" stroke-width="3"/>"##
        }
        "Kia" | "Hyundai" => {
            r##"<path d="M390 356 L570 356 L556 430 L404 430 Z" fill="#16181b"/><g stroke="#4d5157" stroke-width="3"><line x1="400" y1="376" x2="560" y2="376"/><line x1="402" y1="396" x2="558" y2="396"/><line x1="404" y1="414" x2="556" y2="414"/></g>"##
        }
        _ => {
            r##"<path d="M392 352 L568 352 L552 428 L408 428 Z" fill="#16181b"/><g stroke="#5b5f66" stroke-width="4"><line x1="400" y1="372" x2="560" y2="372"/><line x1="402" y1="390" x2="558" y2="390"/><line x1="404" y1="408" x2="556" y2="408"/></g>"##
        }
    };
    let _ = write!(out, "{svg}");
    let round = matches!(make, "Jeep" | "Porsche");
    for x in [330, 630] {
        if round {
            let _ = write!(
                out,
                r##"<circle cx="{}" cy="366" r="30" fill="#fff6d6" stroke="{shade}" stroke-width="6"/>"##,
                x
            );
        } else {
            let _ = write!(
                out,
                r##"<path d="M{} 350 l70 8 l-6 26 l-62 -6 Z" fill="#fff6d6" stroke="{shade}" stroke-width="4" transform="{}"/>"##,
                x - 35,
                if x > 480 { format!("translate({} 0) scale(-1 1)", 2 * x) } else { String::new() }
            );
        }
    }
}

/// The front: the body's width and height from its style, windscreen, the make's grille and
/// lights, the make on the number plate, before a garage door.
fn front(out: &mut String, make: &str, style: &str, paint: (&str, &str, &str)) {
    let (_, colour, shade) = paint;
    let top = match style {
        "suv" | "minivan" | "van" | "truck" => 190,
        "coupe" | "convertible" => 250,
        _ => 225,
    };
    let plate = escape(&make.to_uppercase());
    // A long make is set smaller, so it stays on its plate.
    let plate_size = (19 * 9 / make.chars().count().max(9)).max(11);
    let _ = write!(
        out,
        r##"<defs><linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{colour}"/><stop offset="1" stop-color="{shade}"/></linearGradient></defs>
<rect width="960" height="640" fill="#d9d4cc"/><g stroke="#c2bcb2" stroke-width="4">{doors}</g>
<rect y="500" width="960" height="140" fill="#8a8d92"/>
<ellipse cx="480" cy="512" rx="300" ry="18" fill="#000" opacity="0.3"/>
<rect x="240" y="430" width="70" height="80" rx="14" fill="#1b1b1b"/><rect x="650" y="430" width="70" height="80" rx="14" fill="#1b1b1b"/>
<path d="M250 470 L250 330 Q255 300 290 296 L340 {top} L620 {top} L670 296 Q705 300 710 330 L710 470 Z" fill="url(#paint)" stroke="{shade}" stroke-width="4"/>"##,
        doors = (0..8)
            .map(|k| format!(r##"<line x1="0" y1="{y}" x2="960" y2="{y}"/>"##, y = 60 + k * 55))
            .collect::<String>(),
    );
    if style == "convertible" {
        let _ = write!(
            out,
            r##"<path d="M352 {t} L608 {t} L600 {b} L360 {b} Z" fill="#9fc3e6" opacity="0.5" stroke="#1d2228" stroke-width="3"/>"##,
            t = top + 10,
            b = top + 40
        );
    } else {
        let _ = write!(
            out,
            r##"<path d="M350 {t} L610 {t} L650 292 L310 292 Z" fill="#9fc3e6" stroke="#1d2228" stroke-width="5"/>"##,
            t = top + 12
        );
    }
    grille(out, make, shade);
    let _ = write!(
        out,
        r##"<rect x="260" y="452" width="440" height="16" rx="8" fill="{shade}"/>
<rect x="410" y="462" width="140" height="40" rx="5" fill="#fbfbf8" stroke="#2a2d31" stroke-width="3"/>
<text x="480" y="490" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="{plate_size}" font-weight="700" fill="#1f3b8c">{plate}</text>"##
    );
}

/// The cabin: dashboard, the steering wheel with the make's initial, a screen (large for a
/// Tesla), seats in one of three trims, the street through the windscreen.
fn interior(out: &mut String, make: &str, model: &str, paint: (&str, &str, &str)) {
    let (seat, dash) = TRIMS[(hash(model) % TRIMS.len() as u64) as usize];
    let initial = escape(&make.chars().next().unwrap_or('?').to_string());
    let (_, colour, _) = paint;
    let screen = if make == "Tesla" {
        r##"<rect x="410" y="250" width="220" height="140" rx="10" fill="#0e1116" stroke="#3a3f47" stroke-width="4"/><rect x="426" y="266" width="120" height="108" rx="6" fill="#2b4a6f"/><rect x="556" y="266" width="58" height="50" rx="4" fill="#3f454d"/>"##
    } else {
        r##"<rect x="440" y="262" width="130" height="74" rx="8" fill="#0e1116" stroke="#3a3f47" stroke-width="4"/><rect x="452" y="274" width="106" height="50" rx="4" fill="#2b4a6f"/><g fill="#3f454d"><rect x="446" y="350" width="28" height="12" rx="3"/><rect x="490" y="350" width="28" height="12" rx="3"/><rect x="534" y="350" width="28" height="12" rx="3"/></g>"##
    };
    let _ = write!(
        out,
        r##"<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8ec5ff"/><stop offset="1" stop-color="#e6f2ff"/></linearGradient></defs>
<rect width="960" height="640" fill="#1e2126"/>
<path d="M90 40 L870 40 L930 250 L30 250 Z" fill="url(#sky)"/><rect x="30" y="200" width="900" height="50" fill="#9aa3ad"/>
<path d="M0 250 Q480 200 960 250 L960 400 L0 400 Z" fill="{dash}"/>
<rect x="0" y="236" width="960" height="14" fill="{colour}" opacity="0.9"/>
{screen}
<circle cx="250" cy="360" r="110" fill="none" stroke="#15171a" stroke-width="26"/>
<path d="M150 380 L350 380 M250 360 L250 470" stroke="#15171a" stroke-width="24" stroke-linecap="round"/>
<circle cx="250" cy="370" r="34" fill="#2a2d31"/>
<text x="250" y="383" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="34" font-weight="700" fill="#d7dade">{initial}</text>
<path d="M600 640 L620 420 Q625 395 660 392 L820 392 Q850 395 852 420 L872 640 Z" fill="{seat}" stroke="#111" stroke-width="4"/>
<path d="M70 640 L90 440 Q94 418 120 416 L170 416 L170 640 Z" fill="{seat}" stroke="#111" stroke-width="4" opacity="0.85"/>
<rect x="380" y="420" width="180" height="220" rx="20" fill="{dash}"/><rect x="440" y="450" width="60" height="90" rx="24" fill="#2a2d31"/>"##
    );
}

/// One photo of a demo car: `scene` 0, 1 or 2 ([`VIEWS`]).
pub fn car_svg(n: u32, year: i32, make: &str, model: &str, style: &str, scene: usize) -> String {
    let paint = paint(n, make, model);
    let view = VIEWS[scene % VIEWS.len()];
    let label = escape(&format!("{year} {make} {model}, {}, {view}", paint.0));
    let caption = escape(&format!("{year} {make} {model}"));
    let mut out = format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 960 640" role="img" aria-label="{label}">
"##
    );
    match scene % VIEWS.len() {
        0 => side(&mut out, make, style, paint),
        1 => front(&mut out, make, style, paint),
        _ => interior(&mut out, make, model, paint),
    }
    let _ = write!(
        out,
        r##"
<rect x="0" y="584" width="960" height="56" fill="#000" opacity="0.35"/>
<text x="480" y="622" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="30" fill="#fff">{caption}</text>
</svg>"##
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn photos_are_svg_with_the_car_named_and_text_escaped() {
        let svg = car_svg(3, 2023, "Mercedes-Benz", "<C & Class>", "sedan", 1);
        assert!(svg.starts_with("<svg"));
        assert!(svg.ends_with("</svg>"));
        assert!(svg.contains("2023 Mercedes-Benz &lt;C &amp; Class&gt;"));
        assert!(!svg.contains("<script"));
    }

    #[test]
    fn each_view_of_a_car_is_its_own_picture_and_says_which_it_is() {
        let views: Vec<String> =
            (0..3).map(|s| car_svg(1, 2022, "Tesla", "Model 3", "sedan", s)).collect();
        assert_ne!(views[0], views[1]);
        assert_ne!(views[1], views[2]);
        for (svg, view) in views.iter().zip(VIEWS) {
            assert!(svg.contains(&format!(", {view}\"")), "{view}");
        }
    }

    #[test]
    fn body_style_make_and_paint_each_change_the_picture() {
        let side = |make, style, n| car_svg(n, 2022, make, "X", style, 0);
        let front = |make, style| car_svg(1, 2022, make, "X", style, 1);
        assert_ne!(side("Ford", "suv", 1), side("Ford", "truck", 1));
        assert_ne!(front("BMW", "sedan"), front("Audi", "sedan"));
        assert_ne!(front("Jeep", "suv"), front("Toyota", "suv"));
        assert!(front("Honda", "sedan").contains(">HONDA</text>"));
        // Cars of one make and model get several paints across the fleet, each named.
        let paints: std::collections::BTreeSet<&str> =
            (0..20).map(|n| paint(n, "Honda", "Civic").0).collect();
        assert!(paints.len() >= 4, "{paints:?}");
        assert!(
            side("Honda", "sedan", 7)
                .contains(&format!(", {}, side view", paint(7, "Honda", "X").0))
        );
    }

    #[test]
    fn a_car_keeps_its_paint_from_one_drawing_to_the_next() {
        assert_eq!(paint(4, "Kia", "EV6"), paint(4, "Kia", "EV6"));
        assert_eq!(
            car_svg(4, 2023, "Kia", "EV6", "suv", 2),
            car_svg(4, 2023, "Kia", "EV6", "suv", 2)
        );
    }
}
