"""Prorated refund for part of a billing period, as the refund policy computes it."""

from decimal import ROUND_HALF_UP, Decimal


def prorated_refund(period_charge: str, days_in_period: int, days_refunded: int, minimum: str = "0") -> Decimal:
    """The share of `period_charge` for `days_refunded` days, rounded to the penny, at least `minimum`."""
    if days_in_period <= 0 or not 0 <= days_refunded <= days_in_period:
        raise ValueError("days_refunded must be between 0 and days_in_period, and days_in_period positive")
    share = Decimal(period_charge) * Decimal(days_refunded) / Decimal(days_in_period)
    return max(share, Decimal(minimum)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


if __name__ == "__main__":
    # A 15.00 plan cancelled after 9 days of a 30-day month: 21 unused days are refunded.
    print(prorated_refund("15.00", 30, 21))  # 10.50
