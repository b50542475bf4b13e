"""Byte writer/reader for compact game states, and a portable CRC-32.

Every ``Reader`` method raises ``DecodeError`` instead of ``IndexError`` so that
malformed bytes give one clear exception type.
"""

from dws_core.errors import DecodeError


class Writer:
    def __init__(self):
        self.buf = bytearray()

    def u8(self, v):
        if v < 0 or v > 255:
            raise ValueError("u8 out of range")
        self.buf.append(v)

    def u16(self, v):
        if v < 0 or v > 0xFFFF:
            raise ValueError("u16 out of range")
        self.buf.append(v >> 8)
        self.buf.append(v & 0xFF)

    def u32(self, v):
        self.u16((v >> 16) & 0xFFFF)
        self.u16(v & 0xFFFF)

    def s16(self, v):
        self.u16(v & 0xFFFF)

    def raw(self, data):
        self.buf.extend(data)

    def u8s(self, values):
        """A length byte, then one byte per value."""
        self.u8(len(values))
        for v in values:
            self.u8(v)

    def getvalue(self):
        return bytes(self.buf)


class Reader:
    def __init__(self, data):
        if not isinstance(data, (bytes, bytearray)):
            raise DecodeError("state must be bytes")
        self.data = data
        self.pos = 0

    def u8(self, low=0, high=255):
        """One byte, which must lie in [low, high]."""
        if self.pos >= len(self.data):
            raise DecodeError("state is truncated")
        v = self.data[self.pos]
        self.pos += 1
        if v < low or v > high:
            raise DecodeError("value out of range")
        return v

    def u16(self, low=0, high=0xFFFF):
        v = (self.u8() << 8) | self.u8()
        if v < low or v > high:
            raise DecodeError("value out of range")
        return v

    def u32(self):
        return (self.u16() << 16) | self.u16()

    def s16(self, low=-32768, high=32767):
        v = self.u16()
        if v >= 0x8000:
            v -= 0x10000
        if v < low or v > high:
            raise DecodeError("value out of range")
        return v

    def flag(self):
        return self.u8(0, 1) == 1

    def u8s(self, max_len=255, low=0, high=255):
        n = self.u8(0, max_len)
        return [self.u8(low, high) for _ in range(n)]

    def raw(self, n):
        """The next ``n`` bytes as they are."""
        end = self.pos + n
        if end > len(self.data):
            raise DecodeError("state is truncated")
        v = self.data[self.pos:end]
        self.pos = end
        return bytes(v)

    def more(self):
        """True while bytes are left (a part that older states lack)."""
        return self.pos < len(self.data)

    def end(self):
        if self.pos != len(self.data):
            raise DecodeError("trailing bytes in state")


# Half-byte table: 16 entries instead of 256 keeps the heap small on the board.
_CRC_NIBBLE = (
    0x00000000, 0x1DB71064, 0x3B6E20C8, 0x26D930AC,
    0x76DC4190, 0x6B6B51F4, 0x4DB26158, 0x5005713C,
    0xEDB88320, 0xF00F9344, 0xD6D6A3E8, 0xCB61B38C,
    0x9B64C2B0, 0x86D3D2D4, 0xA00AE278, 0xBDBDF21C,
)


def crc32(data, crc=0):
    """CRC-32 (the zlib polynomial), identical to ``binascii.crc32``."""
    table = _CRC_NIBBLE
    crc ^= 0xFFFFFFFF
    for b in data:
        crc ^= b
        crc = table[crc & 0x0F] ^ (crc >> 4)
        crc = table[crc & 0x0F] ^ (crc >> 4)
    return crc ^ 0xFFFFFFFF
