"""`make run`'s helpers: the self-signed certificate for phones on the LAN."""

import ipaddress

from cryptography import x509

from scorekeeper.serve import self_signed_certificate


def test_certificate_names_localhost_and_the_lan_address_and_is_made_once(tmp_path):
    cert_path, key_path = self_signed_certificate(tmp_path, ["192.168.1.23"])
    cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
    names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert names.get_values_for_type(x509.DNSName) == ["localhost"]
    assert names.get_values_for_type(x509.IPAddress) == [ipaddress.ip_address("192.168.1.23")]
    assert key_path.stat().st_mode & 0o077 == 0  # the key is private to its owner
    first = cert_path.read_bytes()
    self_signed_certificate(tmp_path, ["192.168.1.23"])
    assert cert_path.read_bytes() == first  # reused, so phones accept the warning once
