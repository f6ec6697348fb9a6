"""The words for Tổ tôm's settings: the 19 làng options of TOTOM T9 with their values and what
each decides (with its rule id), the cước of the points table, and the automations of T4.16.
"""

from __future__ import annotations

from desktop.i18n import pick, translate
from engine.totom import NAMES_EN, NAMES_VI, TC_IDS, spoken


def option_label(name: str) -> str:
    """A làng option (T9) as the settings dialog labels it, with its rule id."""
    return {
        "players": translate("TomSettings", "Số người chơi (T2.1)"),
        "lung_required": translate("TomSettings", "Số lưng cần để ù (T3.7)"),
        "allow_thong": translate("TomSettings", "Có ù thông (TC2)"),
        "red_cuoc_count": translate("TomSettings", "Số quân đỏ của thập hồng (TC5)"),
        "red_cuoc_exact": translate("TomSettings", "Đếm quân đỏ (TC5)"),
        "kinh_co_count": translate("TomSettings", "Kính cố (TC6)"),
        "points": translate("TomSettings", "Điểm các cước (TC1–TC9)"),
        "dich": translate("TomSettings", "Điểm dịch (T7.4)"),
        "chi_nay_leo": translate("TomSettings", "Lèo trong chi nẩy (TC8)"),
        "call_order": translate("TomSettings", "Xướng sai thứ tự (T7.6)"),
        "hoi_points": translate("TomSettings", "Điểm góp hội (T8.1)"),
        "pool_overflow": translate("TomSettings", "Ù nhiều hơn điểm còn (T8.2)"),
        "stake": translate("TomSettings", "Tiền mỗi điểm (T8.4)"),
        "noc_stop": translate("TomSettings", "Hết ván khi nọc còn (T2.8)"),
        "cai_mod": translate("TomSettings", "Cho cái chia cho (T2.5)"),
        "ha_trung_scope": translate("TomSettings", "Phải hạ trùng khi (T4.12)"),
        "yeu_offence": translate("TomSettings", "Đánh yêu, bỏ yêu (TD9, TD10)"),
        "tra_do": translate("TomSettings", "Ván ù trả đò (T6.6)"),
        "debt_at_end": translate("TomSettings", "Nợ còn khi hết hội (T6.6)"),
    }[name]


def option_help(name: str) -> str:
    """What a làng option (T9) decides, for its tooltip."""
    return {
        "players": translate(
            "TomSettings", "T2.1: bàn chuẩn có 5 người, mỗi người 20 quân; bàn 4 người (bí tứ) "
                           "mỗi người 24 quân. Đổi số người thì số lưng, ù thông, số quân đỏ "
                           "của thập hồng và kính cố về mặc định của bàn ấy (T9)."),
        "lung_required": translate(
            "TomSettings", "T3.7: lưng là bộ giống (khàn, phỗng, thiên khai) hoặc phu đặc biệt. "
                           "Mặc định: 1 lưng ở bàn 5 người, 2 lưng ở bàn 4 người."),
        "allow_thong": translate(
            "TomSettings", "TC2: người ù ván trước (không bị chèo đò) lại ù ván này thì được "
                           "thêm điểm dịch. Mặc định: có ở bàn 5 người, không có ở bàn 4 người "
                           "(bí tứ không có ù thông)."),
        "red_cuoc_count": translate(
            "TomSettings", "TC5: bài ù có chừng ấy quân đỏ. Mặc định 10 ở bàn 5 người (thập "
                           "hồng), 12 ở bàn 4 người (thập nhị hồng); từ 5 đến 28."),
        "red_cuoc_exact": translate(
            "TomSettings", "TC5: mặc định phải đúng số quân đỏ, như tám đỏ của Chắn; có làng "
                           "tính cả khi nhiều hơn."),
        "kinh_co_count": translate(
            "TomSettings", "TC6: quân đỏ duy nhất của bài ù là ông cụ, đúng chừng ấy ông cụ. "
                           "Mặc định 1 ở bàn 5 người (kính cố), 2 ở bàn 4 người (kính nhị cố)."),
        "points": translate(
            "TomSettings", "TC1–TC9, T7.4: một ván ù được điểm của cước cao nhất, cộng điểm "
                           "dịch cho mỗi cước khác; thông tính bằng điểm dịch."),
        "dich": translate(
            "TomSettings", "T7.4: mỗi cước xướng thêm ngoài cước cao nhất được cộng chừng ấy "
                           "điểm; cũng là điểm của thông. Mặc định 2."),
        "chi_nay_leo": translate(
            "TomSettings", "TC8: khi ù chi nẩy, phu lèo có quân chi chi vừa lên thuộc về chi "
                           "nẩy; mặc định không được xướng thêm lèo ấy."),
        "call_order": translate(
            "TomSettings", "T7.6: cước phải xướng cao trước thấp sau (thông, kính tứ cố, chi "
                           "nẩy, bạch định, thập hồng, kính cố, tôm, lèo). Làng chọn cách xử một "
                           "cước nói sai chỗ."),
        "hoi_points": translate(
            "TomSettings", "T8.1: mỗi hội góp chừng ấy điểm, chia đều cho mọi người; hết hội khi "
                           "còn không đủ một ù suông. 0: không góp, không hết hội, mỗi ván ù cộng "
                           "điểm cho người ù (T8.5). Mặc định 50."),
        "pool_overflow": translate(
            "TomSettings", "T8.2: khi điểm của ván ù lớn hơn số điểm còn trong hội."),
        "stake": translate(
            "TomSettings", "T8.4: chỉ để hiện kết quả hội bằng tiền; chương trình chỉ tính "
                           "điểm."),
        "noc_stop": translate(
            "TomSettings", "T2.8: bốc mà nọc chỉ còn chừng ấy quân thì quân vừa bốc là quân "
                           "cuối: chỉ được ù, không ai ù thì hòa (kê). Mặc định 5; tối đa 18 ở "
                           "bàn 5 người, 22 ở bàn 4 người."),
        "cai_mod": translate(
            "TomSettings", "T2.5: cho cái cộng hai quân A và B rồi chia lấy dư để tìm phần bài "
                           "của cái. Ở bàn 5 người hai cách như nhau; ở bàn 4 người, chia cho 5 "
                           "thì đếm vòng qua các phần."),
        "ha_trung_scope": translate(
            "TomSettings", "T4.12: quân lên nối được phu dọc dưới chiếu của mình mà mình không "
                           "ăn, trên tay có quân trùng thì phải hạ quân ấy xuống phu; không hạ là "
                           "chèo đò (TD5)."),
        "yeu_offence": translate(
            "TomSettings", "T4.10, TD9, TD10: quân yêu đến cửa phải ăn, không bao giờ được đánh "
                           "yêu. Làng chọn mức phạt khi người phạm lỗi ấy ù."),
        "tra_do": translate(
            "TomSettings", "T6.6: người chèo đò nợ làng một ván ù; ván ù nào thì trả được nợ "
                           "ấy (điểm để lại trong hội)."),
        "debt_at_end": translate(
            "TomSettings", "T6.6: người còn nợ làng khi hội kết thúc."),
    }[name]


def value_labels() -> dict[tuple[str, object], str]:
    """Every value of each choice-list làng option (T9), the default first, with its words."""
    return {
        ("players", 5): translate("TomSettings", "5 người (bí ngũ)"),
        ("players", 4): translate("TomSettings", "4 người (bí tứ)"),
        ("red_cuoc_exact", True): translate("TomSettings", "đúng số ấy"),
        ("red_cuoc_exact", False): translate("TomSettings", "từ số ấy trở lên"),
        ("kinh_co_count", 1): translate("TomSettings", "một ông cụ (kính cố)"),
        ("kinh_co_count", 2): translate("TomSettings", "hai ông cụ (kính nhị cố)"),
        ("chi_nay_leo", "absorbed"): translate("TomSettings", "thuộc chi nẩy, không xướng"),
        ("chi_nay_leo", "separate"): translate("TomSettings", "xướng thêm lèo"),
        ("call_order", "unpaid"): translate("TomSettings", "cước nói sai chỗ không tính"),
        ("call_order", "ignore"): translate("TomSettings", "chỉ ghi chú, vẫn tính"),
        ("call_order", "wrong"): translate("TomSettings", "xướng gian (TD8): chèo đò"),
        ("pool_overflow", "cap"): translate("TomSettings", "người ù lấy phần còn lại"),
        ("pool_overflow", "top_up"): translate("TomSettings", "các nhà khác bù phần thiếu"),
        ("cai_mod", "players"): translate("TomSettings", "số người chơi"),
        ("cai_mod", "five"): translate("TomSettings", "luôn chia cho 5"),
        ("ha_trung_scope", "own_cua"): translate("TomSettings", "quân đến cửa mình"),
        ("ha_trung_scope", "any_cua"): translate("TomSettings", "quân lên ở bất cứ cửa nào"),
        ("yeu_offence", "cheo_do"): translate("TomSettings", "chèo đò (nợ làng một ván ù)"),
        ("yeu_offence", "unpaid"): translate("TomSettings", "ù không được tính điểm"),
        ("tra_do", "paid_only"): translate("TomSettings", "chỉ ván ù được tính điểm"),
        ("tra_do", "any_u"): translate("TomSettings", "mọi ván ù không chèo đò"),
        ("debt_at_end", "lapse"): translate("TomSettings", "xóa nợ"),
        ("debt_at_end", "pay_suong"): translate("TomSettings", "trả điểm một ù suông vào hội"),
    }


def choices(name: str) -> tuple[object, ...]:
    """The values a choice-list làng option offers, the default first (none: not a choice)."""
    return tuple(value for option, value in value_labels() if option == name)


def value_label(name: str, value: object) -> str:
    """A value of a choice-list làng option (T9)."""
    return value_labels().get((name, value), str(value))


def cuoc_label(cuoc: str, players: int) -> tuple[str, str]:
    """A cước of the points table as a table of `players` says it (T7.3), with its TC id, and
    what it is (glossed in English: "thập hồng: ten red")."""
    said = spoken(cuoc, players)
    vi, en = NAMES_VI[said], NAMES_EN[said]
    tc = TC_IDS[cuoc]
    return f"{vi} ({tc})", pick(f"{vi} ({tc})", f"{vi} ({tc})" if en == vi else f"{vi}: {en}")


def automation_label(name: str) -> str:
    """An automation of T4.16 (a duty the program does for the learner), with its rule id."""
    return {
        "lay": translate("TomSettings", "Úp khàn và thiên khai lúc mở ván (T4.1)"),
        "reveal": translate("TomSettings", "Trình thiên khai (T4.2)"),
        "copies": translate("TomSettings", "Hạ các quân giống quân ăn (T4.6 H1)"),
        "ha_trung": translate("TomSettings", "Hạ trùng (T4.12)"),
        "day_khan": translate("TomSettings", "Dậy khàn (T4.8)"),
    }[name]


def automation_help(name: str) -> str:
    """What an automation of T4.16 does and what forgetting that duty costs."""
    return {
        "lay": translate(
            "TomSettings", "Máy úp khàn và thiên khai của bạn xuống chiếu lúc mở ván. Tắt thì "
                           "bạn tự úp; để trên tay là treo tranh (TN2)."),
        "reveal": translate(
            "TomSettings", "Máy trình thiên khai của bạn đúng lúc (cái: trước quân đánh đầu; "
                           "nhà khác: trước quân nọc đầu tiên). Trình muộn là treo tranh (TN2)."),
        "copies": translate(
            "TomSettings", "Ăn một quân thì mọi quân giống nó trên tay phải hạ xuống cùng; để "
                           "lại trên tay là treo tranh (TN2)."),
        "ha_trung": translate(
            "TomSettings", "Máy hạ quân trùng của bạn xuống phu dọc dưới chiếu khi phải hạ; "
                           "quên là chèo đò (TD5)."),
        "day_khan": translate(
            "TomSettings", "Quân thứ tư của khàn lên thì máy dậy khàn thành thiên khai cho bạn; "
                           "không dậy là thối khàn (TD7)."),
    }[name]


# T4.16 lists the automations in this order.
AUTOMATION_ORDER = ("lay", "reveal", "copies", "ha_trung", "day_khan")
