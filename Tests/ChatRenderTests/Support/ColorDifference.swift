import Foundation

@_spi(Pages) @testable import ChatRender

/// How different two colours look: CIEDE2000 ΔE between their CIELAB values (D65 white), the
/// formula of Sharma, Wu and Dalal, "The CIEDE2000 color-difference formula" (2005).
enum ColorDifference {
  struct Lab { var l, a, b: Double }

  static func lab(_ color: Color) -> Lab {
    func linear(_ channel: Double) -> Double {
      channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }
    let (r, g, b) = (linear(color.red), linear(color.green), linear(color.blue))
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
    return Lab(l: 116 * f(y) - 16, a: 500 * (f(x) - f(y)), b: 200 * (f(y) - f(z)))
  }

  static func deltaE2000(_ first: Color, _ second: Color) -> Double {
    deltaE2000(lab(first), lab(second))
  }

  static func deltaE2000(_ one: Lab, _ two: Lab) -> Double {
    func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    func hue(_ b: Double, _ a: Double) -> Double {
      let degrees = atan2(b, a) * 180 / .pi
      return degrees < 0 ? degrees + 360 : degrees
    }
    let meanChroma = (hypot(one.a, one.b) + hypot(two.a, two.b)) / 2
    let power = pow(meanChroma, 7)
    let g = 0.5 * (1 - sqrt(power / (power + pow(25, 7))))
    let (a1, a2) = ((1 + g) * one.a, (1 + g) * two.a)
    let (c1, c2) = (hypot(a1, one.b), hypot(a2, two.b))
    let (h1, h2) = (hue(one.b, a1), hue(two.b, a2))
    var hueStep = h2 - h1
    if c1 * c2 == 0 { hueStep = 0 } else if hueStep > 180 { hueStep -= 360 } else if hueStep < -180 { hueStep += 360 }
    let deltaL = two.l - one.l
    let deltaC = c2 - c1
    let deltaH = 2 * sqrt(c1 * c2) * sin(radians(hueStep) / 2)
    let meanL = (one.l + two.l) / 2
    let meanC = (c1 + c2) / 2
    var meanH = h1 + h2
    if c1 * c2 != 0 {
      meanH = (h1 + h2) / 2
      if abs(h1 - h2) > 180 { meanH += meanH < 180 ? 180 : -180 }
    }
    let t =
      1 - 0.17 * cos(radians(meanH - 30)) + 0.24 * cos(radians(2 * meanH))
      + 0.32 * cos(radians(3 * meanH + 6)) - 0.20 * cos(radians(4 * meanH - 63))
    let rotation = 30 * exp(-pow((meanH - 275) / 25, 2))
    let chromaPower = pow(meanC, 7)
    let rc = 2 * sqrt(chromaPower / (chromaPower + pow(25, 7)))
    let sl = 1 + 0.015 * pow(meanL - 50, 2) / sqrt(20 + pow(meanL - 50, 2))
    let sc = 1 + 0.045 * meanC
    let sh = 1 + 0.015 * meanC * t
    let rt = -sin(radians(2 * rotation)) * rc
    let (l, c, h) = (deltaL / sl, deltaC / sc, deltaH / sh)
    return sqrt(l * l + c * c + h * h + rt * c * h)
  }
}
