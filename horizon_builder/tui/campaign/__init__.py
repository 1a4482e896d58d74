"""The Campaign screen: linked battles (OtH p.50), thin over the campaign service."""
