/// The 32-bit RK encoding XLS and XLSB use for numbers that fit: bit 0
/// divides by 100, bit 1 chooses a 30-bit integer over the top 30 bits
/// of a double.
enum RKNumber {
    static func value(_ rk: UInt32) -> Double {
        let number: Double
        if rk & 0x02 != 0 {
            number = Double(Int32(bitPattern: rk) >> 2)
        } else {
            number = Double(bitPattern: UInt64(rk & 0xFFFF_FFFC) << 32)
        }
        return rk & 0x01 != 0 ? number / 100 : number
    }
}
